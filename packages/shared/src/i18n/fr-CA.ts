/** The French (Canada) catalogue: every namespace file of ./fr-CA merged. Typed as a whole catalogue, so a message
 * missing here does not compile; the web loads this module on demand (a dynamic import). */
import type { Catalogue } from "./messages";
import calculators from "./fr-CA/calculators.json";
import canada from "./fr-CA/canada.json";
import fields from "./fr-CA/fields.json";
import validation from "./fr-CA/validation.json";

export const FR_CA: Catalogue = { ...calculators, ...canada, ...fields, ...validation };
