import { expect, test } from "./fixtures";
import { readSeed } from "./seed";
import { DESKTOP, shootBothWidths, signInAs, specAdmin } from "./staff";

/*
 * Settings -> Card program at 1366 and 390 px (axe checks every page in e2e/fixtures.ts): an admin
 * finds a zone by typing part of its name, picks it with the mouse or the keyboard and saves it; a
 * name not on the list cannot be saved; an operator only reads it. The zone is set back at the end,
 * so the specs after this one meet the program as it was.
 */

test("an admin picks the program's time zone from the list and saves it; an operator only reads it", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  await signInAs(page, specAdmin());
  await page.goto("/settings/program");
  await expect(page.getByRole("heading", { name: "Card program" })).toBeVisible();
  const box = page.getByRole("combobox", { name: "Time zone" });
  const save = page.getByRole("button", { name: "Save time zone" });
  const before = await box.inputValue();
  const target = before === "Europe/Berlin" ? "Asia/Tokyo" : "Europe/Berlin";

  // Typing part of the name lists the matches; a click picks one.
  await box.fill(target.split("/")[1]!.slice(0, 4).toLowerCase());
  await expect(page.getByRole("listbox", { name: "Time zones" })).toBeVisible();
  await shootBothWidths(page, "program-time-zone-list");
  await page.getByRole("option", { name: target, exact: true }).click();
  await expect(box).toHaveValue(target);
  await save.click();
  await expect(page.getByText(`Saved. New windows start at midnight in ${target}`)).toBeVisible();
  await page.reload();
  await expect(box).toHaveValue(target);
  await shootBothWidths(page, "program-time-zone-saved");

  // A name not on the list: told so once the box is left, and Save stays off.
  await box.fill("Mars/Olympus");
  await box.press("Tab");
  await expect(page.getByText("Pick a zone from the list, e.g. Europe/Berlin.")).toBeVisible();
  await expect(box).toHaveAttribute("aria-invalid", "true");
  await expect(save).toBeDisabled();

  // The keyboard: type, arrow to the match, Enter; then the program's zone as it was.
  await box.fill(before);
  await box.press("ArrowDown");
  await box.press("Enter");
  await expect(box).toHaveValue(before);
  await save.click();
  await expect(page.getByText(`Saved. New windows start at midnight in ${before}`)).toBeVisible();

  const context = await browser.newContext({ viewport: DESKTOP });
  const operator = await context.newPage();
  await signInAs(operator, readSeed().cardOperator);
  await operator.goto("/settings/program");
  await expect(operator.getByText("Only admins change the time zone.")).toBeVisible();
  await expect(operator.getByRole("combobox", { name: "Time zone" })).toHaveValue(before);
  await expect(operator.getByRole("button", { name: "Save time zone" })).toHaveCount(0);
  await context.close();
});
