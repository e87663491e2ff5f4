import auth from '../messages/es/auth.json';
import shell from '../messages/es/shell.json';

export default { ...auth, ...shell };
