// Score levels shared by the insight models (docs/insights.md lists where each is used). Every model is
// rule-derived: a score is one of these levels, picked by the evidence, so each can be explained.
export const HIGH = 0.9;
export const STRONG = 0.85;
export const LIKELY = 0.8;
export const LEANING = 0.7;
export const MEDIUM = 0.5;
export const WEAK = 0.3;
export const SLIGHT = 0.2;
export const LOW = 0.1;
export const MINIMAL = 0.05;
export const NONE = 0.02;

/** Clamps to [0, 1] and rounds to 3 decimals (the wire precision). */
export function score(value: number): number {
  const clamped = Math.min(1, Math.max(0, value));
  return Math.round(clamped * 1000) / 1000;
}

export function pick(condition: boolean, yes: number, no: number): number {
  return score(condition ? yes : no);
}
