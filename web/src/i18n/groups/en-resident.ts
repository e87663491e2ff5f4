import account from '../messages/en/account.json';
import dashboard from '../messages/en/dashboard.json';
import payments from '../messages/en/payments.json';
import persons from '../messages/en/persons.json';
import season from '../messages/en/season.json';

export default { ...account, ...dashboard, ...payments, ...persons, ...season };
