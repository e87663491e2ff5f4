import signup from '../messages/es/signup.json';

export default signup;
