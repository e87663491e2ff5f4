import account from '../messages/gl/account.json';
import dashboard from '../messages/gl/dashboard.json';
import payments from '../messages/gl/payments.json';
import persons from '../messages/gl/persons.json';
import season from '../messages/gl/season.json';

export default { ...account, ...dashboard, ...payments, ...persons, ...season };
