import auth from '../messages/gl/auth.json';
import shell from '../messages/gl/shell.json';

export default { ...auth, ...shell };
