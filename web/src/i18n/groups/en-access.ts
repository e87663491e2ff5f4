import access from '../messages/en/access.json';

export default access;
