// What other features embed of the settings: the alert that the company's details are missing (tickets).

export { CompanyDetailsAlert } from './CompanyDetailsAlert';
