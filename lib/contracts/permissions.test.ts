import { describe, expect, it } from "vitest";
import { dashboardRoleOf, isUseCase, PERMISSIONS } from "./permissions";

describe("the permission table", () => {
  it("gives the dashboard the least role holding the scope, or the role it states", () => {
    expect(dashboardRoleOf("listDisputes")).toBe("viewer");
    expect(dashboardRoleOf("freezeCard")).toBe("operator");
    expect(dashboardRoleOf("fundCustomer")).toBe("operator");
    expect(dashboardRoleOf("createWebhook")).toBe("admin");
    expect(dashboardRoleOf("updateSecureTheme")).toBe("admin");
    expect(dashboardRoleOf("inviteMember")).toBe("admin");
    expect(dashboardRoleOf("changePassword")).toBe("viewer");
  });

  it("knows its use cases", () => {
    expect(isUseCase("freezeCard")).toBe(true);
    expect(isUseCase("toString")).toBe(false);
    expect(Object.keys(PERMISSIONS).length).toBeGreaterThan(100);
  });
});
