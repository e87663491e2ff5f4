import access from '../messages/gl/access.json';

export default access;
