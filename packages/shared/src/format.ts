/** Formatting for Canadian users (money in CAD, rates kept as fractions): the locale-aware formatters live in
 * ./i18n/format; this path stays for the code that imports it. */
export * from "./i18n/format";
