import access from '../messages/es/access.json';

export default access;
