/** /api/v1/properties: list, add, update, delete (values that are not numbers count as 0 on the server). */
import { unwrap, type Schemas } from "@firepath/shared/api";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";

export type Property = Schemas["PropertyRead"];
export type PropertyIn = Schemas["PropertyIn"];

export const propertiesQuery = () =>
  queryOptions({ queryKey: ["properties"], queryFn: async (): Promise<Property[]> => unwrap(await api.GET("/api/v1/properties")) });
export const useProperties = () => useQuery(propertiesQuery());

export const addProperty = async (body: PropertyIn): Promise<Property> => unwrap(await api.POST("/api/v1/properties", { body }));
export const updateProperty = async ({ id, body }: { id: string; body: PropertyIn }): Promise<Property> =>
  unwrap(await api.PUT("/api/v1/properties/{property_id}", { params: { path: { property_id: id } }, body }));
export const deleteProperty = async (id: string): Promise<void> => {
  unwrap(await api.DELETE("/api/v1/properties/{property_id}", { params: { path: { property_id: id } } }));
};
