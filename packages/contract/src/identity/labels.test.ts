import { describe, expect, it } from 'vitest';
import { TeamRoleSchema, teamRoleLabel } from './account';
import { PLAN_NAMES, PlanTypeSchema } from './plans';
import { TeamInviteStatusSchema, teamInviteStatusLabel } from './team';

/** A word a person reads: not an upper-case code, not an underscore. */
const READABLE = /^[A-Z][a-z]+(?: [a-z]+)*$/;

describe('teamRoleLabel', () => {
  it.each([
    ['OWNER', 'Owner'],
    ['ADMIN', 'Admin'],
    ['CX', 'Customer experience'],
  ] as const)('reads %s as %s', (role, label) => {
    expect(teamRoleLabel(role)).toBe(label);
  });

  it('gives every role words', () => {
    for (const role of TeamRoleSchema.options) expect(teamRoleLabel(role)).toMatch(READABLE);
  });
});

describe('teamInviteStatusLabel', () => {
  it('gives every invite state words', () => {
    expect(TeamInviteStatusSchema.options.map(teamInviteStatusLabel)).toEqual([
      'Pending',
      'Accepted',
    ]);
  });
});

describe('PLAN_NAMES', () => {
  it('uses the one spec §6 reading that names each of the four tiers apart', () => {
    expect(PlanTypeSchema.options.map((planType) => PLAN_NAMES[planType])).toEqual([
      'Free',
      'Beginner',
      'Scaling',
      'Professional',
    ]);
  });
});
