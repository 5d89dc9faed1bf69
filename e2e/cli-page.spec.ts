import { expect, test } from "./fixtures";
import { shootBothWidths, signInAdmin } from "./staff";

/*
 * Developers -> CLI: the card-console instructions with the program's own address in the login
 * command, each command with its copy button, reached from the nav; both widths without sideways
 * scroll (commands wrap on a phone).
 */
test("the CLI page shows copyable login, listen and trigger commands with the program's address", async ({
  page,
  baseURL,
}) => {
  await signInAdmin(page);
  await page.getByRole("link", { name: "CLI", exact: true }).first().click();
  await expect(page).toHaveURL(/\/developers\/cli$/);
  await expect(page.getByRole("heading", { name: "CLI", level: 1 })).toBeVisible();
  const base = new URL(baseURL!).origin;
  await expect(page.getByText(`npx card-console login --base-url ${base}`)).toBeVisible();
  await expect(
    page.getByText("npx card-console listen --forward-to http://localhost:4000/hooks").first(),
  ).toBeVisible();
  await expect(page.getByText("npx card-console trigger transaction.settled")).toBeVisible();
  await expect(page.getByRole("button", { name: "Copy the command: log in" })).toBeVisible();
  await expect(page.getByRole("link", { name: "API keys" }).last()).toHaveAttribute(
    "href",
    "/developers/api-keys",
  );
  await shootBothWidths(page, "cli");
});
