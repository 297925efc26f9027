import { describe, expect, it } from 'vitest';
import { STAFF_MESSAGES } from '../../common/staff.ts';
import { STAFF_PASSWORD } from '../../tests/helpers/staff.ts';
import { passwordProblem, siteWords } from './passwords.ts';

describe('a new password', () => {
  it.each([
    ['qwertyuiopas', STAFF_MESSAGES.passwordCommon],
    ['password1234', STAFF_MESSAGES.passwordCommon],
    ['kigezitrails2024', STAFF_MESSAGES.passwordPersonal],
    ['Kigezi Trails 2024', STAFF_MESSAGES.passwordPersonal],
    ['KigeziTrails!2026', STAFF_MESSAGES.passwordPersonal],
    ['aaaaaaaaaaaaaa', STAFF_MESSAGES.passwordWeak],
    ['abcdefghijklmnop', STAFF_MESSAGES.passwordWeak],
    ['short', STAFF_MESSAGES.passwordShort],
  ])('%j is refused: %s', async (password, message) => {
    expect(await passwordProblem(password, 'amani@example.com', 'Amani Otieno')).toBe(message);
  });

  it("refuses the e-mail address's local part, the address itself and the account's name", async () => {
    expect(await passwordProblem('safari.guide.kabale', 'safari.guide.kabale@example.com')).toBe(STAFF_MESSAGES.passwordPersonal);
    expect(await passwordProblem('nakato.birungi77', 'nakato.birungi77@example.com')).toBe(STAFF_MESSAGES.passwordPersonal);
    expect(await passwordProblem('me nakato.birungi@example.com', 'nakato.birungi@example.com')).toBe(STAFF_MESSAGES.passwordEmail);
    expect(await passwordProblem('Nakato Birungi 1990', 'nb@example.com', 'Nakato Birungi')).toBe(STAFF_MESSAGES.passwordPersonal);
    // The same password is fine for an account it says nothing about.
    expect(await passwordProblem('nakato.birungi77', 'someone@example.com')).not.toBe(STAFF_MESSAGES.passwordPersonal);
  });

  it.each([STAFF_PASSWORD, 'acacia thorn river lodge 7', 'giraffe window copper tide', 'lantern Mbarara Heron fig 42'])('%j is accepted', async (password) => {
    expect(await passwordProblem(password, 'amani@example.com', 'Amani Otieno')).toBeNull();
  });

  it("knows the site's own name and address", () => {
    expect(siteWords()).toEqual(expect.arrayContaining(['kigezi trails', 'kigezitrails', 'kigezi', 'trails', 'kigezitrails.example', 'kigezi-trails']));
  });
});
