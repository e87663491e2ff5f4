import admin from '../messages/es/admin.json';

export default { ...admin };
