/** The French (Canada) catalogue: every namespace file of ./fr-CA merged. Typed as a whole catalogue, so a message
 * missing here does not compile; the web loads this module on demand (a dynamic import). */
import type { Catalogue } from "./messages";
import auth from "./fr-CA/auth.json";
import calculators from "./fr-CA/calculators.json";
import canada from "./fr-CA/canada.json";
import components from "./fr-CA/components.json";
import fields from "./fr-CA/fields.json";
import nav from "./fr-CA/nav.json";
import planning from "./fr-CA/planning.json";
import settings from "./fr-CA/settings.json";
import shell from "./fr-CA/shell.json";
import validation from "./fr-CA/validation.json";

export const FR_CA: Catalogue = { ...auth, ...calculators, ...canada, ...components, ...fields, ...nav, ...planning, ...settings, ...shell, ...validation };
