/**
 * The four accounts the tenancy tests need, all signed in through the real token endpoint: a medic, another medic,
 * a secretary linked to the first medic, and a secretary linked only to the other medic.
 *
 *   ({ medic, medicToken, unlinkedSecretaryToken } = await signInTenants(t));
 */
import type { TestApp } from './build-app';
import { createMedic, createSecretary, signIn, TEST_PASSWORD, type TestAccount } from './fixtures';

export type Tenants = {
  medic: TestAccount;
  otherMedic: TestAccount;
  /** Linked to `medic`. */
  secretary: TestAccount;
  /** Linked to `otherMedic` only. */
  unlinkedSecretary: TestAccount;
  medicToken: string;
  otherMedicToken: string;
  secretaryToken: string;
  unlinkedSecretaryToken: string;
};

/** Creates the four accounts (`medic` with `medicOverrides`) and signs each one in; returns them with their tokens. */
export async function signInTenants(
  t: Pick<TestApp, 'app' | 'deps'>,
  medicOverrides: Parameters<typeof createMedic>[1] = {},
): Promise<Tenants> {
  const medic = await createMedic(t.deps, medicOverrides);
  const otherMedic = await createMedic(t.deps);
  const secretary = await createSecretary(t.deps, { medicIds: [medic.id] });
  const unlinkedSecretary = await createSecretary(t.deps, { medicIds: [otherMedic.id] });
  const token = async (account: TestAccount) => (await signIn(t.app, account.email, TEST_PASSWORD)).access_token;
  return {
    medic,
    otherMedic,
    secretary,
    unlinkedSecretary,
    medicToken: await token(medic),
    secretaryToken: await token(secretary),
    otherMedicToken: await token(otherMedic),
    unlinkedSecretaryToken: await token(unlinkedSecretary),
  };
}
