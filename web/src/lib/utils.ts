/** `cn`: merge class names, letting later Tailwind classes win (the shadcn/ui helper). */
import { type ClassValue, clsx } from "clsx";
import { twMerge } from "tailwind-merge";

export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
