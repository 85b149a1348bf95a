/**
 * A text input with one of the product's digit masks (MASKS: '000.000.000-00', '00/00/0000', …), whose mask (imask)
 * is bound to the field when the field is first used, not when it mounts.
 *
 * Binding imask costs a page more than the field itself: each instance parses its pattern and runs the value through
 * it, with code still cold on a page's first fields, inside the commit that shows the form (issue 41 goal 7: the
 * case page's payment panel spent 40–65 ms of a 4× slowed CPU in imask there, docs/BENCHMARKS.md). A field shows
 * text the mask already made (what it accepted, or a value kept in that shape), so until the user focuses it, or
 * something types into it without focusing it (a browser's autofill), a plain input shows the same characters. A
 * value that does not fit the pattern (a bare '11987654321' for a phone) binds the mask at once, so it is shown
 * masked as before.
 *
 * Like react-imask's `IMaskInput` with `unmask={false}`, which this replaces: `value` is the masked text, and
 * `onAccept` gets the masked text after each change the mask accepted; unlike it, `onAccept` is called only when that
 * text differs from `value` (a value set from outside is not reported back).
 */
import { useCallback, useLayoutEffect, useRef, type InputHTMLAttributes, type Ref } from 'react';
import IMask, { type InputMask } from 'imask';

type MaskedInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'defaultValue' | 'onChange' | 'onInput'> & {
  /** A pattern of digits ('0') and fixed characters, as in MASKS (imask's pattern mask); fixed for the field's life. */
  mask: string;
  /** The masked text. */
  value: string;
  onAccept: (value: string) => void;
  /** The input element (react-hook-form's `field.ref`, to focus the first invalid field). */
  inputRef?: Ref<HTMLInputElement>;
};

type BoundMask = InputMask<{ mask: string }>;

/**
 * Whether `text` is something the pattern mask could have produced (lazy: its start, up to where typing stopped), so
 * a plain input may show it as it is.
 */
export function fitsPattern(pattern: string, text: string): boolean {
  if (text.length > pattern.length) return false;
  for (let index = 0; index < text.length; index += 1) {
    const slot = pattern[index];
    const char = text[index]!;
    if (slot === '0' ? !/\d/.test(char) : char !== slot) return false;
  }
  // The mask writes a fixed character only when a digit follows it.
  return text === '' || pattern[text.length - 1] === '0';
}

/** Puts `value` in the bound mask (which writes the field), or straight in the field. */
function show(target: BoundMask | HTMLInputElement, value: string) {
  if (target.value !== value) target.value = value;
}

function assignRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

export function MaskedInput({ mask, value, onAccept, inputRef, onFocus, ...input }: MaskedInputProps) {
  const element = useRef<HTMLInputElement | null>(null);
  const bound = useRef<BoundMask | null>(null);
  const latest = useRef({ value, onAccept });
  useLayoutEffect(() => {
    latest.current = { value, onAccept };
  });

  const bind = useCallback((): BoundMask | null => {
    if (bound.current || !element.current) return bound.current;
    const instance: BoundMask = IMask(element.current, { mask });
    instance.on('accept', () => {
      if (instance.value !== latest.current.value) latest.current.onAccept(instance.value);
    });
    bound.current = instance;
    // What was typed before the mask was bound (autofill) has just gone through it.
    if (instance.value !== latest.current.value) latest.current.onAccept(instance.value);
    return instance;
  }, [mask]);

  // The value from outside (a reset, a draft): through the mask once bound, else as it is when it fits the pattern.
  useLayoutEffect(() => {
    const field = element.current;
    if (!field) return;
    const instance = bound.current ?? (fitsPattern(mask, value) ? null : bind());
    show(instance ?? field, value);
  }, [mask, value, bind]);

  useLayoutEffect(
    () => () => {
      bound.current?.destroy();
      bound.current = null;
    },
    [],
  );

  const setElement = useCallback(
    (node: HTMLInputElement | null) => {
      element.current = node;
      assignRef(inputRef, node);
    },
    [inputRef],
  );

  return (
    <input
      {...input}
      ref={setElement}
      defaultValue={value}
      onFocus={(event) => {
        bind();
        onFocus?.(event);
      }}
      // Text that arrives without a focus (autofill): the mask binds and takes it.
      onInput={() => {
        if (!bound.current) bind();
      }}
    />
  );
}
