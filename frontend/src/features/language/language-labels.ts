import { languageName } from '@/lib/language-name';

export const AUTOMATIC_LABEL = 'Automatic (browser)';

/** How a choice reads: the language by its own name, or Automatic. */
export function choiceLabel(choice: string | null): string {
  return choice ? languageName(choice) : AUTOMATIC_LABEL;
}
