/** The API shapes the surgeries feature reads (openapi/schema.d.ts, generated from openapi.yaml). */
import type { components } from '../../../openapi/schema';

type Schemas = components['schemas'];

export type Surgery = Schemas['Surgery'];
export type Patient = Schemas['Patient'];
export type Procedure = Schemas['Procedure'];
export type Cid = Schemas['Cid'];
export type HealthPlan = Schemas['HealthPlan'];
export type Hospital = Schemas['Hospital'];
/** The createSurgery body (openapi CreateSurgery). */
export type CreateSurgeryBody = Schemas['CreateSurgery'];
