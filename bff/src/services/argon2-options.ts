/** argon2id (Algorithm.Argon2id = 2; a const enum, so the number is passed under isolatedModules). */
export const ARGON2_OPTIONS = {
  algorithm: 2,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;
