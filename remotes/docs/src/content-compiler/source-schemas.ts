import { ADMIN_FLAGS, TOUR_ID_PATTERN } from '@outpost/contracts';
import { z } from 'zod';

// The shapes of the files the docs team writes under content/. Kept forgiving where a
// writer would expect it (optional lists, flag omitted = anyone) and strict where a mistake
// would show a broken page.

const text = z.string().trim().min(1, 'must not be empty');
const commandName = z.string().regex(/^[a-z_][a-z0-9_]*$/i, 'must be a console command name like sm_slay');
const flag = z
  .string()
  .refine((letter) => letter in ADMIN_FLAGS, {
    message: `must be one admin flag letter: ${Object.keys(ADMIN_FLAGS).join(' ')}`,
  })
  .nullable()
  .optional();

export const commandsFileSchema = z.strictObject({
  plugins: z.array(
    z.strictObject({
      plugin: text,
      commands: z.array(
        z.strictObject({
          name: commandName,
          usage: z.string(),
          description: text,
          flag,
          examples: z.array(text).optional(),
        }),
      ),
    }),
  ),
});

export const cvarsFileSchema = z.strictObject({
  plugins: z.array(
    z.strictObject({
      plugin: text,
      cvars: z.array(
        z.strictObject({
          name: commandName,
          default: z.union([z.string(), z.number(), z.boolean()]).transform(String),
          allowed: z.array(z.union([z.string(), z.number()]).transform(String)).optional(),
          description: text,
        }),
      ),
    }),
  ),
});

const cell = z.union([z.string(), z.number(), z.boolean()]).transform(String);
export const tableFileSchema = z
  .strictObject({
    page: text,
    title: text,
    columns: z
      .array(
        z.strictObject({
          key: z.string().regex(/^[a-z][a-zA-Z0-9]*$/, 'must be a camelCase key'),
          label: text,
          code: z.boolean().optional(),
        }),
      )
      .min(1),
    rows: z.array(z.record(z.string(), cell)).min(1),
  })
  .superRefine((table, ctx) => {
    const keys = new Set(table.columns.map((c) => c.key));
    table.rows.forEach((row, index) => {
      for (const key of Object.keys(row))
        if (!keys.has(key))
          ctx.addIssue({
            code: 'custom',
            path: ['rows', index, key],
            message: `"${key}" is not one of the table's columns`,
          });
      for (const key of keys)
        if (!(key in row)) ctx.addIssue({ code: 'custom', path: ['rows', index], message: `row has no "${key}"` });
    });
  });

export const tutorialFrontMatterSchema = z.strictObject({
  title: text,
  description: text,
  tour: z.string().regex(TOUR_ID_PATTERN, 'must be a tour id (a file name under content/tours)').optional(),
  tourStart: z
    .string()
    .regex(/^\/\S*$/, 'must be an absolute path')
    .optional(),
});

export const tourFileSchema = z.strictObject({
  title: text,
  steps: z
    .array(
      z.strictObject({
        path: z
          .string()
          .regex(/^\/\S*$/, 'must be an absolute path')
          .optional(),
        target: text,
        optional: z.boolean().optional(),
        title: text,
        body: text,
      }),
    )
    .min(1),
});
