import { type ServerCreate, type ServerLiveCheckResponse, serverCreateSchema } from '@outpost/contracts';
import { type FieldErrors, optionalNumber, validate } from '../manage/form-values';

export const WIZARD_STEPS = [
  'servers.create.step.address',
  'servers.create.step.control',
  'servers.create.step.live',
] as const;

/** Which fields each step asks for: a step is valid when none of its fields has an error. */
export const STEP_FIELDS: readonly (readonly string[])[] = [
  ['groupId', 'name', 'host', 'ip', 'port', 'queryPort'],
  ['rconPort', 'rconPassword', 'tags', 'features'],
  [],
];

export interface WizardValues {
  groupId: string;
  name: string;
  host: string;
  ip: string;
  port: string;
  queryPort: string;
  rconPort: string;
  rconPassword: string;
  tags: string[];
  features: string[];
}

export function toServerInput(values: WizardValues): unknown {
  return {
    groupId: values.groupId,
    name: values.name,
    host: values.host,
    ip: values.ip,
    port: values.port.trim() === '' ? Number.NaN : Number(values.port),
    queryPort: optionalNumber(values.queryPort),
    rconPort: optionalNumber(values.rconPort),
    rconPassword: values.rconPassword === '' ? null : values.rconPassword,
    tags: values.tags,
    features: values.features,
  };
}

/** The errors of one step's fields, from the API's own schema. */
export function stepErrors(values: WizardValues, step: number): FieldErrors {
  const all = validate(serverCreateSchema, toServerInput(values));
  const fields = STEP_FIELDS[step] ?? [];
  return Object.fromEntries(Object.entries(all).filter(([key]) => fields.includes(key.split('.')[0] ?? '')));
}

/** Saving needs valid input and a live check that found the server answering. */
export function canSave(values: WizardValues, check: ServerLiveCheckResponse | null): boolean {
  return check?.online === true && Object.keys(validate(serverCreateSchema, toServerInput(values))).length === 0;
}

export function validServerInput(values: WizardValues): ServerCreate {
  return toServerInput(values) as ServerCreate;
}
