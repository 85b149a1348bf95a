/** The API shapes the surgeries feature reads (openapi/schema.d.ts, generated from openapi.yaml). */
import type { components } from '../../../openapi/schema';

type Schemas = components['schemas'];

export type Surgery = Schemas['Surgery'];
export type Patient = Schemas['Patient'];
export type Procedure = Schemas['Procedure'];
export type Cid = Schemas['Cid'];
export type HealthPlan = Schemas['HealthPlan'];
/** A hospital as the case form searches and chooses it (the search's items, or the one just added). */
export type Hospital = Schemas['Hospital'] & Partial<Pick<Schemas['HospitalListItem'], 'city' | 'uf' | 'own'>>;
/** The createSurgery body (openapi CreateSurgery). */
export type CreateSurgeryBody = Schemas['CreateSurgery'];
