import { describe, expect, it } from 'vitest';
import {
  COMPANY_DETAILS_EMPTY,
  companyAddressProblem,
  companyDetailsWarning,
  isWebsite,
  normalizeCompanyAddress,
  websiteLabel,
} from './company.js';

describe("the operator's details", () => {
  const all = {
    company_name: 'Ballons de Bourgogne',
    company_address: '12 rue des Tanneurs\n21200 Beaune',
    company_phone: '03 80 22 45 67',
    company_email: 'contact@ballons.fr',
  };

  it('warns while they are empty, names what is missing, and says nothing once all are there', () => {
    expect(companyDetailsWarning({})).toBe(COMPANY_DETAILS_EMPTY);
    expect(companyDetailsWarning({ company_name: '  ', company_address: '' })).toBe(
      "Les coordonnées de l'exploitant sont vides : elles manquent sur les billets.",
    );
    expect(companyDetailsWarning({ ...all, company_phone: '' })).toBe(
      "Coordonnées de l'exploitant incomplètes : le téléphone manque sur les billets.",
    );
    expect(companyDetailsWarning({ company_name: 'Ballons', company_phone: '03' })).toBe(
      "Coordonnées de l'exploitant incomplètes : l'adresse et l'email manquent sur les billets.",
    );
    expect(companyDetailsWarning(all)).toBeNull();
  });

  it('keeps the address to a few trimmed lines', () => {
    expect(normalizeCompanyAddress('  12  rue des Tanneurs \r\n\r\n\t21200 Beaune ')).toBe(
      '12 rue des Tanneurs\n21200 Beaune',
    );
    expect(companyAddressProblem('a\nb\nc\nd')).toBeNull();
    expect(companyAddressProblem('a\nb\nc\nd\ne')).toBe("L'adresse tient en 4 lignes au plus.");
    expect(companyAddressProblem('x'.repeat(301))).toBe('300 caractères au maximum.');
  });

  it('takes a website as people type it, and prints it without its scheme', () => {
    for (const good of [
      'www.ballons.fr',
      'ballons-bourgogne.fr/vols',
      'https://www.ballons.fr/',
      'http://ballons.fr:8080',
    ]) {
      expect(isWebsite(good), good).toBe(true);
    }
    for (const bad of ['ballons', 'pas un site', 'javascript:alert(1)', 'ftp://ballons.fr', 'x@y.fr']) {
      expect(isWebsite(bad), bad).toBe(false);
    }
    expect(websiteLabel('https://www.ballons.fr/')).toBe('www.ballons.fr');
  });
});
