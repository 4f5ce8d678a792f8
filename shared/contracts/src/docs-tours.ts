// zod/mini: the shell checks a tour on any page whose query has `tour`, so this schema must not
// pull classic zod into the shell's first load (it did: ~130 KB unminified on every page).
import { z } from 'zod/mini';
import { TOUR_ID_PATTERN } from './tour-id';

export { TOUR_ID_PATTERN } from './tour-id';

// Guided tours: /tutorials/tours/{id}.json, published by the docs remote, run by the shell on
// any page whose query has `tour`. A step points at an element by CSS selector; `path` (when
// given) is the page the step is on, so one tour can walk across pages other remotes own.
const selector = z.string().check(z.minLength(1), z.maxLength(300));
export const tourStepSchema = z.object({
  path: z.optional(z.string().check(z.regex(/^\/[^\s]*$/, 'must be an absolute path'), z.maxLength(300))),
  target: selector,
  /** An optional step is passed over when its element is not there (e.g. Join on an offline server). */
  optional: z.optional(z.boolean()),
  title: z.string().check(z.minLength(1), z.maxLength(120)),
  body: z.string().check(z.minLength(1), z.maxLength(1000)),
});
export type TourStep = z.infer<typeof tourStepSchema>;

export const tourSchema = z.object({
  id: z.string().check(z.regex(TOUR_ID_PATTERN)),
  title: z.string().check(z.minLength(1), z.maxLength(120)),
  steps: z.array(tourStepSchema).check(z.minLength(1), z.maxLength(50)),
});
export type Tour = z.infer<typeof tourSchema>;
