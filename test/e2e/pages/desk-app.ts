// Page objects: FICA Desk as a member of staff sees it, by roles and labels.
import { expect, type Locator, type Page } from '@playwright/test';
import { makeSouthAfricanId } from '../../../shared/domain/index.js';
import { pdfFile, pngFile, type UploadFile } from '../files.js';
import type { StaffRole } from '../../../shared/domain/staff-roles.js';
import {
  prepareStaff,
  TEST_STAFF_PASSWORD,
  type StaffAccount,
  type StaffService,
} from '../../support/staff-sign-in.js';

let idSequence = 100;

/**
 * Handing files to a file input reads them into the browser: a 20 MB scan on a loaded CI machine
 * took longer than a click's timeout. Callers then wait for what the screen shows.
 */
export const FILE_INPUT_TIMEOUT = 120_000;
/** What the app shows once it has read, checked and stored picked files (pages, or a refusal). */
export const FILES_READ_TIMEOUT = 90_000;

export type { StaffService };

export class DeskApp {
  private accounts: StaffAccount[] | null = null;
  /** The role signed in through the screen, while it is. */
  private signedInAs: StaffRole | null = null;

  constructor(
    readonly page: Page,
    private readonly service: StaffService | null = null,
  ) {}

  async ready(): Promise<void> {
    await expect(this.page.getByRole('heading', { level: 1 })).toBeVisible();
  }

  /** The partner's account with this role, its password set to TEST_STAFF_PASSWORD. */
  async account(role: StaffRole): Promise<StaffAccount> {
    if (!this.service) throw new Error('This desk has no identity provider to sign in with.');
    this.accounts ??= await prepareStaff(this.service);
    const account = this.accounts.find((a) => a.role === role);
    if (!account) throw new Error(`The sandbox partner has no ${role}.`);
    return account;
  }

  /**
   * Signs in as the partner's account with this role, as a person does: "Sign in with your browser",
   * the identity provider's page in a new window, back to the app. Signs out whoever was in first.
   * `passphrase`: set the offline passphrase when the app asks (otherwise "Not now").
   */
  async actAs(role: StaffRole, options: { passphrase?: string } = {}): Promise<StaffAccount> {
    const account = await this.account(role);
    if (this.signedInAs === role && (await this.page.getByTestId('signed-in-person').isVisible()))
      return account;
    if (await this.page.getByRole('button', { name: 'Sign out' }).isVisible()) await this.signOut();
    const signIn = this.page.getByRole('button', { name: 'Sign in with your browser' });
    await expect(signIn).toBeVisible({ timeout: 30_000 });
    const popup = this.page.waitForEvent('popup');
    await signIn.click();
    const provider = await popup;
    await provider.getByLabel('Email').fill(account.email);
    await provider.getByLabel('Password').fill(TEST_STAFF_PASSWORD);
    await provider.getByRole('button', { name: 'Sign in' }).click();
    await expect(provider.getByRole('heading', { name: 'Signed in to FICA Desk' })).toBeVisible({
      timeout: 30_000,
    });
    await provider.close();
    // The passphrase is asked in the same screen update that shows who signed in, unless one is set.
    await expect(this.page.getByTestId('signed-in-person')).toBeVisible({ timeout: 30_000 });
    const asked = this.page.getByRole('heading', { name: 'Set an offline passphrase' });
    if (await asked.isVisible()) await this.answerPassphrase(options.passphrase);
    await expect(this.page.getByTestId('signed-in-person')).toContainText(account.name);
    this.signedInAs = role;
    return account;
  }

  /** Sets the offline passphrase the app asks for after an online sign-in, or says "Not now". */
  private async answerPassphrase(passphrase: string | undefined): Promise<void> {
    if (passphrase) {
      await this.page.getByLabel('Offline passphrase', { exact: true }).fill(passphrase);
      await this.page.getByLabel('The same passphrase again').fill(passphrase);
      await this.page.getByRole('button', { name: 'Save passphrase' }).click();
    } else {
      await this.page.getByRole('button', { name: 'Not now' }).click();
    }
    await expect(this.page.getByRole('heading', { name: 'Set an offline passphrase' })).toHaveCount(0);
  }

  async signOut(): Promise<void> {
    await this.page.getByRole('button', { name: 'Sign out' }).click();
    await expect(this.page.getByRole('heading', { level: 1, name: 'Sign in to FICA Desk' })).toBeVisible();
    this.signedInAs = null;
  }

  get unsentLink(): Locator {
    return this.page.getByRole('link', { name: /unsent items?(, sending paused)?, open the queue/ });
  }

  /**
   * The unsent count once it has stopped moving: the header hears of queued work through throttled
   * events, so on a loaded machine a count read at once may still be catching up.
   */
  async settledUnsentCount(quietMs = 1500): Promise<number> {
    let last = await this.unsentCount();
    await expect
      .poll(
        async () => {
          await this.page.waitForTimeout(quietMs);
          const now = await this.unsentCount();
          const still = now === last;
          last = now;
          return still;
        },
        { timeout: 60_000 },
      )
      .toBe(true);
    return last;
  }

  async unsentCount(): Promise<number> {
    const label = (await this.unsentLink.getAttribute('aria-label')) ?? '';
    const m = /^(\d+) unsent/.exec(label);
    return m ? Number(m[1]) : Number.NaN;
  }

  connection(): Locator {
    return this.page.getByRole('status', { name: /^Connection:/ });
  }

  async open(section: 'Cases' | 'Queue' | 'Settings'): Promise<void> {
    await this.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: section }).click();
    await expect(this.page.getByRole('heading', { level: 1, name: section })).toBeVisible();
  }

  async openCase(title: string): Promise<void> {
    await this.open('Cases');
    await this.page.getByRole('searchbox', { name: 'Search' }).fill(title);
    // The list redraws as the search narrows it: a click on a row just replaced lands nowhere.
    const heading = this.page.getByRole('heading', { level: 1, name: title });
    await expect(async () => {
      if (!(await heading.isVisible())) await this.page.getByRole('link', { name: title }).first().click();
      await expect(heading).toBeVisible({ timeout: 10_000 });
    }).toPass({ timeout: 90_000 });
  }

  steps(): Locator {
    return this.page.getByRole('navigation', { name: 'Steps of this application' });
  }

  /** Opens a step by the start of its label ("AML screening" matches "2. AML screening To do"). */
  async goToStep(label: string): Promise<void> {
    const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await this.steps()
      .getByRole('link', { name: new RegExp(`^\\d+\\. ${escaped}`) })
      .click();
  }

  async waitForSendingToFinish(timeout = 90_000): Promise<void> {
    await expect.poll(() => this.unsentCount(), { timeout, message: 'queue drains to zero' }).toBe(0);
  }

  /** Captures one document for the owner whose capture area is on screen. */
  async addDocument(
    ownerName: string,
    group: string,
    type: string | null,
    files: UploadFile[],
  ): Promise<void> {
    const area = this.page.getByRole('region', { name: `Add a document for ${ownerName}` });
    await area
      .getByLabel('Document group')
      .selectOption({ label: `${group} (required)` })
      .catch(async () => {
        await area.getByLabel('Document group').selectOption({ label: group });
      });
    const typeSelect = area.getByLabel('Document type');
    if (type) await typeSelect.selectOption({ label: type });
    else if ((await typeSelect.inputValue()) === '') await typeSelect.selectOption({ index: 1 });
    await this.chooseFiles(area, files);
    await expect(area.getByText(/^Page 1 ·/)).toBeVisible({ timeout: FILES_READ_TIMEOUT });
    await area.getByRole('button', { name: 'Queue document for upload' }).click();
    await expect(area.getByRole('status').filter({ hasText: 'queued for upload' })).toBeVisible({
      timeout: FILES_READ_TIMEOUT,
    });
  }

  /** The capture area of one owner's Documents step. */
  captureArea(ownerName: string): Locator {
    return this.page.getByRole('region', { name: `Add a document for ${ownerName}` });
  }

  /** A draft left with pages, offered to resume or discard ("3 pages not yet queued"). */
  pendingDraft(area: Locator, pages: number): Locator {
    return area.getByRole('group', { name: `${pages === 1 ? '1 page' : `${pages} pages`} not yet queued` });
  }

  /** Picks files in a capture area's file input ("Choose files…"), with a timeout fit for big files. */
  async chooseFiles(area: Locator, files: UploadFile[]): Promise<void> {
    await area.getByLabel('Choose files…').setInputFiles(files, { timeout: FILE_INPUT_TIMEOUT });
  }

  /** Uploads one document for every required group still missing, waiting for the band first. */
  async completeChecklist(ownerName: string, file: () => Promise<UploadFile>): Promise<void> {
    const checklist = this.page.getByRole('region', { name: `Required documents for ${ownerName}` });
    await expect(checklist).toBeVisible();
    await expect(checklist.getByText(/Provisional:/)).toHaveCount(0, { timeout: 90_000 });
    const missing = checklist.getByRole('listitem').filter({ hasText: 'Missing' });
    // Read in one go: the list can change between reading its items one by one (the band arriving,
    // a queued document landing), which left a locator waiting for an item that had gone.
    const names = await missing.evaluateAll((items) =>
      items.map((item) => item.querySelector('strong')?.textContent?.trim() ?? '').filter(Boolean),
    );
    for (const group of names) await this.addDocument(ownerName, group, null, [await file()]);
    await expect(checklist.getByRole('listitem').filter({ hasText: 'Missing' })).toHaveCount(0, {
      timeout: 90_000,
    });
  }

  content(): Locator {
    return this.page.getByRole('region', { name: 'Current step' });
  }

  /** Every person's loop: details (an ID number when missing), PEP review, documents, confirm. */
  async completePeople(onFirst?: () => Promise<void>): Promise<string[]> {
    await this.goToStep('Each person');
    const content = this.content();
    await expect(content.getByRole('heading', { name: 'Each person' })).toBeVisible();
    await expect(content.getByRole('listitem').getByRole('link').first()).toBeVisible({ timeout: 60_000 });
    const names: string[] = [];
    for (const link of await content.getByRole('listitem').getByRole('link').all())
      names.push(((await link.textContent()) ?? '').trim());
    for (const [i, person] of names.entries()) {
      // The first person from the list; each next one from where the last one finished.
      if (i === 0) {
        await this.goToStep('Each person');
        await content.getByRole('link', { name: person, exact: true }).click();
      }
      await expect(this.page.getByRole('heading', { level: 2, name: person })).toBeVisible();
      const details = this.page.getByRole('region', { name: '1. Personal details' });
      const id = details.getByLabel('ID number');
      if ((await id.inputValue()) === '') {
        await id.fill(
          makeSouthAfricanId({
            birthDate: '1975-06-15',
            gender: 'Male',
            citizenship: 'citizen',
            sequence: idSequence++,
          }),
        );
      }
      await details.getByRole('button', { name: /Complete details|Save details/ }).click();
      const pep = this.page.getByRole('region', { name: '2. PEP and sanctions review' });
      await this.review(pep);
      await pep.getByRole('button', { name: /Confirm PEP review|Update review/ }).click();
      await expect(pep.getByText(/Band returned: (Low|Medium|High) Risk/)).toBeVisible({ timeout: 60_000 });
      await this.completeChecklist(person, () => pngFile('id.png', person));
      if (i === 0 && onFirst) await onFirst();
      const confirm = this.page.getByRole('region', { name: '4. Confirm documents' });
      await confirm.getByRole('button', { name: `Confirm documents of ${person}` }).click();
      const confirmed = confirm.getByText(`Documents of ${person} confirmed.`);
      await expect(confirmed).toBeVisible({ timeout: 60_000 });
      // Focus lands on the result, and the way forward is offered: the next person, or the next step.
      await expect(confirmed).toBeFocused();
      const next = names[i + 1];
      if (next) await confirm.getByRole('link', { name: `Next person: ${next}` }).click();
      else await expect(confirm.getByRole('link', { name: /^Continue to / })).toBeVisible();
    }
    return names;
  }

  /** Shareholding confirmation, the entity's documents for its band, and their confirmation. */
  async completeEntityDocuments(entityName: string): Promise<void> {
    await this.goToStep('Confirm shareholding');
    await this.page.getByRole('button', { name: 'Confirm shareholding' }).click();
    // Confirming moves on to the entity's documents, listed for the band the service returned.
    await expect(this.page.getByRole('heading', { level: 2, name: 'Entity documents' })).toBeVisible({
      timeout: 60_000,
    });
    await this.completeChecklist(entityName, () =>
      pdfFile('registration.pdf', 'Registration certificate', 2),
    );
    await this.goToStep('Confirm entity documents');
    await this.page.getByRole('button', { name: 'Confirm entity documents' }).click();
    await expect(this.page.getByRole('heading', { level: 2, name: 'Onboarding decision' })).toBeVisible({
      timeout: 60_000,
    });
    await this.goToStep('Confirm entity documents');
    await expect(this.page.getByText('Entity documents confirmed.')).toBeVisible({ timeout: 60_000 });
  }

  /** Approves with a reason and a next review date, as a High Risk client requires (and any may have). */
  async approve(): Promise<void> {
    await this.goToStep('Onboarding decision');
    await this.page.getByRole('radio', { name: 'Approve' }).check();
    await this.page.getByLabel('Comments').fill('Documents and screening reviewed; approved.');
    const nextYear = new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    await this.page.getByLabel('Next FICA review date').fill(nextYear);
    await this.recordDecision('Approve');
    await expect(this.content().getByText('Decision: Approved')).toBeVisible();
  }

  /** The decision form's button, then the confirmation that names the client, decision and band. */
  async recordDecision(
    verb: 'Approve' | 'Decline' | 'Refer back with a reason' | 'Keep in progress',
  ): Promise<void> {
    await this.page.getByRole('button', { name: 'Record decision…' }).click();
    await this.confirmDialog(verb)
      .getByRole('button', { name: `${verb}: record the decision` })
      .click();
  }

  /** The open confirmation of a decision. */
  confirmDialog(verb: string): Locator {
    return this.page.getByRole('dialog', { name: new RegExp(`^${verb} `) });
  }

  /** A South African individual with the fewest fields the form asks for; ends on the case. */
  async createIndividual(firstName: string, lastName: string): Promise<void> {
    await this.open('Cases');
    await this.page.getByRole('link', { name: 'New individual' }).click();
    await this.page.getByLabel('First name').fill(firstName);
    await this.page.getByLabel('Last name').fill(lastName);
    await this.page.getByLabel('ID number').fill(
      makeSouthAfricanId({
        birthDate: '1990-02-03',
        gender: 'Female',
        citizenship: 'citizen',
        sequence: idSequence++,
      }),
    );
    await this.page.getByLabel('Country of residence').selectOption({ label: 'South Africa' });
    await this.page.getByLabel('Employment status').selectOption({ index: 1 });
    await this.page.getByLabel('The client gives permission for screening and verification').check();
    await this.page.getByRole('button', { name: 'Create individual' }).click();
    await expect(
      this.page.getByRole('heading', { level: 1, name: `${firstName} ${lastName}` }),
    ).toBeVisible();
  }

  bankPanel(): Locator {
    return this.page.getByRole('region', { name: 'Bank account verification' });
  }

  /** Fills and sends the bank verification form on the External validation step. */
  async verifyBankAccount(accountNumber: string, accountType = 'Savings'): Promise<void> {
    const panel = this.bankPanel();
    await panel.getByLabel('Account number').fill(accountNumber);
    await panel.getByLabel('Branch code').fill('250655');
    await panel.getByLabel('Account type').selectOption({ label: accountType });
    await panel.getByRole('button', { name: /Verify bank account|Verify again/ }).click();
  }

  async createEntity(type: string, name: string, regNumber: string): Promise<void> {
    await this.open('Cases');
    await this.page.getByRole('link', { name: 'New entity' }).click();
    await this.page.getByLabel('Entity type').selectOption({ label: type });
    await this.page.getByLabel('Registered name').fill(name);
    await this.page.getByLabel('Registration number').fill(regNumber);
    await this.page.getByRole('button', { name: 'Create entity' }).click();
    await expect(this.page.getByRole('heading', { name: 'Business details (KYB)' })).toBeVisible();
  }

  async saveKyb(): Promise<void> {
    await this.page.getByLabel('Telephone number').fill('0115550100');
    await this.page.getByLabel('Address line 1').fill('1 Main Road');
    await this.page.getByLabel('Postal code').fill('2001');
    await this.page.getByLabel('Country', { exact: true }).selectOption({ label: 'South Africa' });
    await this.page.getByLabel('I confirm these entity details are correct').check();
    await this.page.getByRole('button', { name: 'Save business details' }).click();
  }

  async reviewSanctions(): Promise<void> {
    await expect(
      this.page.getByRole('heading', { name: 'Sanctions and adverse media review' }),
    ).toBeVisible();
    await this.review(this.content());
    await this.page.getByRole('button', { name: 'Confirm sanctions review' }).click();
  }

  /**
   * A screening review once the service's results are on screen: every hit marked a false positive
   * with a reason, then the confirmation ticked.
   */
  async review(scope: Locator, reason = 'Different date of birth'): Promise<void> {
    const confirm = scope.getByLabel('I have reviewed the PEP and sanctions screening');
    await expect(confirm).toBeEnabled({ timeout: 90_000 });
    const verdicts = scope.getByRole('radio', { name: 'False positive' });
    for (let i = 0; i < (await verdicts.count()); i++) {
      await verdicts.nth(i).check();
      await scope.getByLabel(`Reason for result ${i + 1}`).fill(reason);
    }
    await confirm.check();
  }
}
