// Simulated sanctions, PEP and adverse-media screening (contract §9): magic words in the name.
export interface ScreeningMatch {
  name: string;
  matchType: string;
  score: number;
  source: string;
  title?: string;
  url?: string;
  snippet?: string;
}

export interface ScreeningResult {
  matchedNumber: number;
  matchedEntities: ScreeningMatch[];
  webSearchResults: ScreeningMatch[];
}

const word = (w: string): RegExp => new RegExp(`(^|[^a-z])${w}([^a-z]|$)`, 'i');
const SANCTIONED = word('sanctioned');
const POLITICIAN = word('politician');
const ADVERSE = word('adverse');

export function screenName(name: string): ScreeningResult {
  const matchedEntities: ScreeningMatch[] = [];
  const webSearchResults: ScreeningMatch[] = [];
  if (SANCTIONED.test(name)) {
    matchedEntities.push({
      name,
      matchType: 'Sanctions',
      score: 100,
      source: 'Sandbox consolidated sanctions list',
      title: `${name} is listed`,
    });
  }
  if (POLITICIAN.test(name)) {
    matchedEntities.push({
      name,
      matchType: 'PEP',
      score: 95,
      source: 'Sandbox PEP register',
      title: `${name} holds a prominent public function`,
    });
  }
  if (ADVERSE.test(name)) {
    webSearchResults.push({
      name,
      matchType: 'Adverse media',
      score: 80,
      source: 'Sandbox news search',
      title: `Allegations reported against ${name}`,
      url: 'https://news.example/sandbox/adverse-media',
      snippet: `A sandbox news article names ${name} in an investigation.`,
    });
  }
  return { matchedNumber: matchedEntities.length, matchedEntities, webSearchResults };
}
