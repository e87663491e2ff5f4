import signup from '../messages/gl/signup.json';

export default signup;
