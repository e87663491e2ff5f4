/**
 * 330: joint applications (siblings together). Every application of a joint one carries the
 * joint code (`joint_code`): the code of its first member, so the joint code is as unique as any
 * application's; a single application's is null. The draw and the waitlist treat
 * `coalesce(joint_code, code)` as one ballot. `config.joint_fit` is the council's rule for the
 * places left when a waiting group does not fit: `next_fits` (the next application that fits takes
 * them) or `wait_for_group` (they stay free until the group fits).
 */
export const sqlite = /* sql */ `
ALTER TABLE applications ADD COLUMN joint_code TEXT;
CREATE INDEX applications_joint ON applications (joint_code) WHERE joint_code IS NOT NULL;
ALTER TABLE config ADD COLUMN joint_fit TEXT NOT NULL DEFAULT 'next_fits'
  CHECK (joint_fit IN ('next_fits', 'wait_for_group'));
`;

export const postgres = /* sql */ `
ALTER TABLE applications ADD COLUMN joint_code text COLLATE "C";
CREATE INDEX applications_joint ON applications (joint_code) WHERE joint_code IS NOT NULL;
ALTER TABLE config ADD COLUMN joint_fit text COLLATE "C" NOT NULL DEFAULT 'next_fits'
  CHECK (joint_fit IN ('next_fits', 'wait_for_group'));
`;
