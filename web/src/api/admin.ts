/** /api/v1/admin (admins only): users with role, activity and completion; role changes; the analytics summary;
 * error reports; the community moderation queue. */
import { unwrap, type Schemas } from "@firepath/shared/api";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api";

export type AdminUser = Schemas["AdminUserRead"];
export type AdminUserPage = Schemas["AdminUserPage"];
export type Role = AdminUser["role"];
export type AnalyticsSummary = Schemas["AnalyticsSummary"];
export type AdminErrorReport = Schemas["AdminErrorReportRead"];

export const adminUsersQuery = (search: string, offset = 0) =>
  queryOptions({
    queryKey: ["admin", "users", search, offset],
    placeholderData: keepPreviousData,
    queryFn: async (): Promise<AdminUserPage> =>
      unwrap(await api.GET("/api/v1/admin/users", { params: { query: { limit: 50, offset, ...(search ? { search } : {}) } } })),
  });

export const analyticsSummaryQuery = (days: number) =>
  queryOptions({
    queryKey: ["admin", "analytics", days],
    queryFn: async (): Promise<AnalyticsSummary> =>
      unwrap(await api.GET("/api/v1/admin/analytics/summary", { params: { query: { days, top: 10 } } })),
  });

export const errorReportsQuery = (resolved: boolean) =>
  queryOptions({
    queryKey: ["admin", "error-reports", resolved],
    queryFn: async (): Promise<AdminErrorReport[]> =>
      unwrap(await api.GET("/api/v1/admin/error-reports", { params: { query: { resolved } } })),
  });

export const setUserRole = async (userId: string, role: Role): Promise<AdminUser> =>
  unwrap(await api.PUT("/api/v1/admin/users/{user_id}/role", { params: { path: { user_id: userId } }, body: { role } }));

export const resolveErrorReport = async (id: string, resolved: boolean): Promise<AdminErrorReport> =>
  unwrap(await api.POST("/api/v1/admin/error-reports/{report_id}/resolve", { params: { path: { report_id: id } }, body: { resolved } }));
