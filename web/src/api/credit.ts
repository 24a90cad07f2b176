/** /api/v1/credit (the one summary: score, card types, line amount, utilisation, linked), /api/v1/credit/cards
 * and /api/v1/credit/lines (active items newest first; removing one is a soft delete). */
import { unwrap, type Schemas } from "@firepath/shared/api";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";

export type CreditData = Schemas["CreditDataRead"];
export type CreditDataIn = Schemas["CreditDataIn"];
export type CreditCard = Schemas["CreditCardRead"];
export type CreditCardIn = Schemas["CreditCardIn"];
export type LineOfCredit = Schemas["LineOfCreditRead"];
export type LineOfCreditIn = Schemas["LineOfCreditIn"];
export type PayoffDebts = Schemas["PayoffDebts"];

export const creditQuery = () =>
  queryOptions({ queryKey: ["credit", "data"], queryFn: async (): Promise<CreditData> => unwrap(await api.GET("/api/v1/credit")) });
export const creditCardsQuery = () =>
  queryOptions({ queryKey: ["credit", "cards"], queryFn: async (): Promise<CreditCard[]> => unwrap(await api.GET("/api/v1/credit/cards")) });
export const creditLinesQuery = () =>
  queryOptions({ queryKey: ["credit", "lines"], queryFn: async (): Promise<LineOfCredit[]> => unwrap(await api.GET("/api/v1/credit/lines")) });
/** The cards and lines with a balance as a payoff plan starts from them (the API's rule, also the coach's). */
export const payoffDebtsQuery = () =>
  queryOptions({ queryKey: ["credit", "debts"], queryFn: async (): Promise<PayoffDebts> => unwrap(await api.GET("/api/v1/credit/debts")) });
export const useCredit = () => useQuery(creditQuery());
export const useCreditCards = () => useQuery(creditCardsQuery());
export const useCreditLines = () => useQuery(creditLinesQuery());
export const usePayoffDebts = () => useQuery(payoffDebtsQuery());

export const saveCredit = async (body: CreditDataIn): Promise<CreditData> => unwrap(await api.PUT("/api/v1/credit", { body }));
export const addCard = async (body: CreditCardIn): Promise<CreditCard> => unwrap(await api.POST("/api/v1/credit/cards", { body }));
export const updateCard = async ({ id, body }: { id: string; body: CreditCardIn }): Promise<CreditCard> =>
  unwrap(await api.PUT("/api/v1/credit/cards/{card_id}", { params: { path: { card_id: id } }, body }));
export const removeCard = async (id: string): Promise<void> => {
  unwrap(await api.DELETE("/api/v1/credit/cards/{card_id}", { params: { path: { card_id: id } } }));
};
export const addLine = async (body: LineOfCreditIn): Promise<LineOfCredit> => unwrap(await api.POST("/api/v1/credit/lines", { body }));
export const updateLine = async ({ id, body }: { id: string; body: LineOfCreditIn }): Promise<LineOfCredit> =>
  unwrap(await api.PUT("/api/v1/credit/lines/{line_id}", { params: { path: { line_id: id } }, body }));
export const removeLine = async (id: string): Promise<void> => {
  unwrap(await api.DELETE("/api/v1/credit/lines/{line_id}", { params: { path: { line_id: id } } }));
};
