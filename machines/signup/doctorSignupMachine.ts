import { createDoctorSignupMachine } from './doctorSignupWizard';
import { doctorAccessProblems, doctorPersonalProblems, doctorProfessionalProblems } from './rules';

export {
  EMPTY_DOCTOR_SIGNUP,
  toDoctorSignupPayload,
  type DoctorSignupEvent,
  type DoctorSignupPayload,
} from './doctorSignupWizard';

/**
 * The doctor signup wizard of /signup (SPEC §2, 3 steps; §3 doctor signup payload + `crm`,
 * DECISIONS §2): a configuration of the step-wizard factory (../wizard/stepWizard.ts).
 *
 * personal → professional → access → submitting → done, each step validated by ./rules.ts. An
 * invalid step and a failed submit (back on `access`) both leave their messages in
 * `context.errors`. The real `submitSignup` actor (POST /project_auth/api/v1/cadastro/) is
 * supplied with `.provide`.
 */

export const doctorSignupMachine = createDoctorSignupMachine({
  personal: doctorPersonalProblems,
  professional: doctorProfessionalProblems,
  access: doctorAccessProblems,
});
