// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Dropzone, type DropzoneTexts } from '../../../../src/components/ui/Dropzone';

const texts: DropzoneTexts = {
  prompt: 'Arraste a foto para aqui',
  action: 'ou clique para escolher',
  selected: 'Imagem selecionado!',
  hint: 'JPEG e JPG',
  current: 'Foto atual',
  replace: 'Arraste ou clique para trocar a foto',
  remove: 'Remover foto escolhida',
  preview: 'Pré-visualização da foto',
  invalidType: 'Escolha uma imagem JPEG, PNG ou WebP.',
  tooLarge: 'A foto deve ter no máximo 5 MB.',
  tooMany: 'Escolha apenas uma foto.',
};

/** The first bytes of a PNG: what the content check looks for. */
const PNG_HEAD = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);

function Harness({ onChange, currentUrl }: { onChange?: (file: File | null) => void; currentUrl?: string }) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <Dropzone
      label="Foto do paciente"
      value={file}
      onChange={(next) => {
        setFile(next);
        onChange?.(next);
      }}
      accept={['image/jpeg', 'image/png', 'image/webp']}
      maxSize={1000}
      texts={texts}
      currentUrl={currentUrl}
    />
  );
}

async function choose(files: File[]) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  Object.defineProperty(input, 'files', { configurable: true, value: files });
  await act(async () => {
    fireEvent.input(input);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

beforeAll(() => {
  URL.createObjectURL ??= vi.fn(() => 'blob:preview');
  URL.revokeObjectURL ??= vi.fn();
});
afterEach(cleanup);

describe('Dropzone', () => {
  it('shows the prompt and the hint, as a focusable button for the keyboard', () => {
    render(<Harness />);
    const zone = screen.getByRole('button', { name: /Foto do paciente: Arraste a foto para aqui/ });
    expect(zone.tabIndex).toBe(0);
    expect(screen.getByText('JPEG e JPG')).toBeTruthy();
  });

  it('accepts an image, previews it and can drop it again', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const photo = new File([PNG_HEAD], 'ana.png', { type: 'image/png' });
    await choose([photo]);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(photo));
    expect(screen.getByText('Imagem selecionado!')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Pré-visualização da foto' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remover foto escolhida' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.getByText('Arraste a foto para aqui')).toBeTruthy();
  });

  it('refuses another type and a file too large, with a pt-BR message', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await choose([new File(['x'], 'notas.txt', { type: 'text/plain' })]);
    expect(screen.getByRole('alert').textContent).toContain('Escolha uma imagem JPEG, PNG ou WebP.');
    await choose([new File([new Uint8Array(2000)], 'grande.jpg', { type: 'image/jpeg' })]);
    expect(screen.getByRole('alert').textContent).toContain('A foto deve ter no máximo 5 MB.');
    expect(onChange).not.toHaveBeenCalledWith(expect.any(File));
  });

  it('refuses, when it is chosen, a file named like an image whose content is not one (issue 11)', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await choose([new File(['não sou uma imagem'], 'foto.png', { type: 'image/png' })]);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Escolha uma imagem JPEG, PNG ou WebP.'));
    expect(screen.queryByText('Imagem selecionado!')).toBeNull();
    expect(onChange).not.toHaveBeenCalledWith(expect.any(File));
  });

  it('shows the current photo of an edit form until another is chosen', () => {
    render(<Harness currentUrl="/surgery/api/v1/patient/9/foto/?expires=1&signature=x" />);
    expect(screen.getByText('Foto atual')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Pré-visualização da foto' }).getAttribute('src')).toContain('/foto/');
  });
});
