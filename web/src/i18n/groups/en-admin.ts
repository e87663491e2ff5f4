import admin from '../messages/en/admin.json';

export default { ...admin };
