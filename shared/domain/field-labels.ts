// The service's field names in the words the screens use: a message a person reads names
// "Shareholding %", never `shareholderPercentage`.

export const FIELD_LABELS: Readonly<Record<string, string>> = {
  entityRegName: 'Registered name',
  entityRegNumber: 'Registration number',
  entityType: 'Entity type',
  entityTradingName: 'Trading name',
  firstName: 'First name',
  lastName: 'Last name',
  idNumber: 'ID number',
  passportNumber: 'Passport number',
  passportCountry: 'Passport country',
  clientSACitizen: 'South African citizen',
  clientEmail: 'E-mail',
  telNumber: 'Telephone',
  zipCode: 'Postal code',
  addressZipCode: 'Postal code',
  townCity: 'Town or city',
  taxNumber: 'Tax number',
  employerName: 'Employer name',
  birthDate: 'Birth date',
  externalSystemId: 'External system ID',
  shareholderPercentage: 'Shareholding %',
  uboPercentage: 'UBO %',
  isShareholder: 'Shareholder',
  isDirector: 'Director',
  isTrustMember: 'Trust member',
  shareholderEntityName: 'Entity name',
  shareholderTrustName: 'Trust name',
  shareholderType: 'Holder type',
  trustRelatedPartyTypes: 'Trust relationship types',
  hasResolution: 'Board resolution',
  accountNumber: 'Account number',
  branchCode: 'Branch code',
  accountType: 'Account type',
  clientForeignOfficial: 'Foreign official',
  clientForeignOfficialType: 'Type of foreign official',
  onboardingDecision: 'Decision',
  approvedComments: 'Comments',
  declinedComments: 'Comments',
  referComments: 'Comments',
  additionalComments: 'Comments',
  nextFicaReviewDate: 'Next FICA review date',
  ownershipConfirmation: 'Shareholding confirmation',
};

const IDENTIFIER = new RegExp(`\\b(${Object.keys(FIELD_LABELS).join('|')})\\b`, 'g');

/** The message with every service field name replaced by its label on the screen. */
export function inScreenWords(message: string): string {
  return message.replace(IDENTIFIER, (name: string) => FIELD_LABELS[name] ?? name);
}
