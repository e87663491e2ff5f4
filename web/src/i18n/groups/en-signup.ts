import signup from '../messages/en/signup.json';

export default signup;
