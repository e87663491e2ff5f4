import admin from '../messages/gl/admin.json';

export default { ...admin };
