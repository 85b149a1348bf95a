import { afterEach, describe, expect, it, vi } from 'vitest';

// The client uses baseUrl '' (same origin) and captures Request when it is created: resolve relative URLs against a
// page origin, as a browser would, before the client module loads.
vi.hoisted(() => {
  const NativeRequest = globalThis.Request;
  class SameOriginRequest extends NativeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' && input.startsWith('/') ? new URL(input, 'http://localhost:3000') : input, init);
    }
  }
  globalThis.Request = SameOriginRequest as typeof Request;
});
import {
  deletePatient,
  messagesOfErrorBody,
  saveFailureMessages,
  savePatient,
  toPatientFormData,
} from '../../../../src/features/patients/actors';
import { fetchPatients, PATIENT_PAGE_SIZE } from '../../../../src/features/patients/patientList';
import { PatientSaveError, type PatientPayload } from '../../../../machines/patientWizard/rules';

const payload: PatientPayload = {
  foto: null,
  nome_completo: 'Ana Souza',
  cellphone: '(11) 9 8765-4321',
  convenio: null,
  birthday: null,
  address: '',
  cep: '',
  cpf: '529.982.247-25',
  gender: 'female',
  medic: 3,
};

function answer(status: number, body?: unknown) {
  return vi.fn(async (request: Request) => {
    void request;
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    });
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('toPatientFormData', () => {
  it('leaves empty optional fields out of a create', () => {
    const form = toPatientFormData(payload, 'create');
    expect([...form.keys()]).toEqual(['nome_completo', 'cellphone', 'cpf', 'gender', 'medic']);
    expect(form.get('medic')).toBe('3');
  });

  it('sends empty optional fields on an update (clearing them) and the photo as a file', () => {
    const photo = new File([new Uint8Array([137, 80, 78, 71])], 'ana.png', { type: 'image/png' });
    const form = toPatientFormData({ ...payload, foto: photo, convenio: 7, birthday: '1980-02-01', medic: null }, 'edit');
    expect([...form.keys()]).toEqual([
      'foto', 'nome_completo', 'cellphone', 'cpf', 'gender', 'convenio', 'birthday', 'address', 'cep',
    ]);
    expect((form.get('foto') as File).name).toBe('ana.png');
    expect(form.get('convenio')).toBe('7');
    expect(form.get('address')).toBe('');
  });
});

describe('toPatientFormData: the plan card (issue 37)', () => {
  it('sends the card as a JSON part, null as "null", and no part when there is none', () => {
    const card = { card_number: '0123', valid_until: '2027-01-31', plan_name: 'Amil 400' };
    const withCard = toPatientFormData({ ...payload, convenio: 7, plan_card: card }, 'create');
    expect(JSON.parse(withCard.get('plan_card') as string)).toEqual(card);
    expect(toPatientFormData({ ...payload, convenio: 7, plan_card: null }, 'edit').get('plan_card')).toBe('null');
    expect(toPatientFormData({ ...payload, convenio: 7, plan_card: undefined }, 'edit').has('plan_card')).toBe(false);
  });
});

describe('save failure messages (SPEC §8)', () => {
  it('collects the error list and each field’s messages once', () => {
    expect(
      messagesOfErrorBody({ error: ['CPF Invalido!', 'Dados inválidos.'], cpf: ['CPF Invalido!'], code: 'X' }),
    ).toEqual(['CPF Invalido!', 'Dados inválidos.']);
    expect(messagesOfErrorBody('oops')).toEqual([]);
  });

  it('shows the duplicate message of a create, "Erro interno!" for an update that failed on the server', () => {
    expect(saveFailureMessages('create', 400, { error: ['Paciente já cadastrado para esse médico'] })).toEqual([
      'Paciente já cadastrado para esse médico',
    ]);
    expect(saveFailureMessages('edit', 500, { error: ['Ocorreu um erro interno!'] })).toEqual(['Erro interno!']);
    expect(saveFailureMessages('edit', 400, { error: ['Selecione o médico do paciente.'] })).toEqual([
      'Selecione o médico do paciente.',
    ]);
    expect(saveFailureMessages('create', 503, null)).toEqual(['Ocorreu um erro, tente novamente!']);
    expect(saveFailureMessages('create', 413, null)).toEqual(['A foto deve ter no máximo 5 MB.']);
  });
});

describe('patient calls', () => {
  it('POSTs a create as multipart and returns the saved patient', async () => {
    const fetch = answer(201, { id: 41 });
    vi.stubGlobal('fetch', fetch);
    await expect(savePatient({ mode: 'create', patientId: null, payload })).resolves.toEqual({ id: 41 });
    const request = fetch.mock.calls[0]![0];
    expect(request.method).toBe('POST');
    expect(new URL(request.url).pathname).toBe('/surgery/api/v1/add_paciente/');
    expect(request.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
  });

  it('PUTs an update to update_patient/{id}/ and rejects with the messages to toast', async () => {
    const fetch = answer(400, { error: ['Paciente já cadastrado para esse médico'] });
    vi.stubGlobal('fetch', fetch);
    const failure = savePatient({ mode: 'edit', patientId: 9, payload });
    await expect(failure).rejects.toBeInstanceOf(PatientSaveError);
    await expect(failure).rejects.toMatchObject({ messages: ['Paciente já cadastrado para esse médico'], status: 400 });
    expect(new URL(fetch.mock.calls[0]![0].url).pathname).toBe('/surgery/api/v1/update_patient/9/');
  });

  it('says "Ocorreu um erro, tente novamente!" when there is no answer', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(savePatient({ mode: 'create', patientId: null, payload })).rejects.toMatchObject({
      messages: ['Ocorreu um erro, tente novamente!'],
    });
  });

  it('asks for one page of the list with the search', async () => {
    const fetch = answer(200, { results: [], count: 0 });
    vi.stubGlobal('fetch', fetch);
    await expect(fetchPatients({ search: 'lucia', offset: 20 })).resolves.toEqual({ results: [], count: 0 });
    const url = new URL(fetch.mock.calls[0]![0].url);
    expect(Object.fromEntries(url.searchParams)).toEqual({ limit: String(PATIENT_PAGE_SIZE), offset: '20', search: 'lucia' });
  });

  it('tells a deleted patient from one with a surgery (403) and other failures', async () => {
    vi.stubGlobal('fetch', answer(204));
    await expect(deletePatient(9)).resolves.toBe('deleted');
    vi.stubGlobal('fetch', answer(403, { error: ['Não é possível deletar um paciente que possui cirurgia cadastrada.'] }));
    await expect(deletePatient(9)).resolves.toBe('hasSurgery');
    vi.stubGlobal('fetch', answer(404, { error: ['Paciente não encontrado.'] }));
    await expect(deletePatient(9)).resolves.toBe('failed');
  });
});
