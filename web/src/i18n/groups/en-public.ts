import auth from '../messages/en/auth.json';
import shell from '../messages/en/shell.json';

export default { ...auth, ...shell };
