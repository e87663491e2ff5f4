import account from '../messages/es/account.json';
import dashboard from '../messages/es/dashboard.json';
import payments from '../messages/es/payments.json';
import persons from '../messages/es/persons.json';
import season from '../messages/es/season.json';

export default { ...account, ...dashboard, ...payments, ...persons, ...season };
