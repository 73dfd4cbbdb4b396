// Which comment goes with which entity decision: written by the decision form and the sandbox's
// dashboard, read by the core's command, its reading of the service's record and the sandbox's
// webhooks, all through the one mapping.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ONBOARDING_DECISIONS } from '../../../shared/api/common.js';
import {
  commentFieldOf,
  decisionComment,
  withDecisionComment,
} from '../../../shared/domain/decision-comments.js';

describe('the comment of an entity decision', () => {
  it('goes in the field that matches the decision', () => {
    expect(withDecisionComment('Approved', 'Good')).toEqual({ approvedComments: 'Good' });
    expect(withDecisionComment('Declined', 'Bad')).toEqual({ declinedComments: 'Bad' });
    expect(withDecisionComment('Refer', 'Ask')).toEqual({ referComments: 'Ask' });
  });

  it('kept in progress, goes in the first field, as no field is its own', () => {
    expect(commentFieldOf('In Progress')).toBeNull();
    expect(withDecisionComment('In Progress', 'Later')).toEqual({ approvedComments: 'Later' });
  });

  it('is read from the field that matches the decision, whatever the others hold', () => {
    const all = { approvedComments: 'a', declinedComments: 'd', referComments: 'r' };
    expect(decisionComment('Approved', all)).toBe('a');
    expect(decisionComment('Declined', all)).toBe('d');
    expect(decisionComment('Refer', all)).toBe('r');
    expect(decisionComment('Refer', { approvedComments: 'a' })).toBeUndefined();
  });

  it('kept in progress, is read from the first field given', () => {
    expect(decisionComment('In Progress', { declinedComments: null, referComments: 'r' })).toBe('r');
    expect(decisionComment('In Progress', { approvedComments: 'a', referComments: 'r' })).toBe('a');
    expect(decisionComment('In Progress', {})).toBeUndefined();
  });

  it('of a decision in other words than the four, is read as one kept in progress', () => {
    expect(commentFieldOf('constructor')).toBeNull();
    expect(decisionComment('', { declinedComments: 'd' })).toBe('d');
  });

  it('is read back as it was written, for every decision and comment', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ONBOARDING_DECISIONS), fc.string(), (decision, comment) => {
        expect(decisionComment(decision, withDecisionComment(decision, comment))).toBe(comment);
      }),
    );
  });
});
