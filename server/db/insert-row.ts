import { getTableColumns, Param, SQL, sql } from "drizzle-orm";
import { PgDialect, type PgTable } from "drizzle-orm/pg-core";

/**
 * `tx.insert(table).values(row)` as an `SQL`, for the hot paths that send their writes as one statement
 * (./statements.ts): the same text and values as drizzle's insert builder, whose statement head (the
 * table and its column list) is built here once per table instead of on every call.
 *
 * Why: the builder names and quotes every column and tests each value with a chain of `is()` calls on
 * every insert. An authorization inserts two rows this way (its transaction, about 40 columns, and its
 * audit entry): 50-59 µs of CPU with the builder, 8 µs with this, and about 90 KB fewer allocations
 * per authorization (docs/performance.md, "Two inserts built once per table").
 *
 * A column missing from `row` (undefined) gets what the builder gives it: its `$defaultFn`, else its
 * `$onUpdateFn` when it has no default, else the `default` keyword. `insert-row.test.ts` compares the
 * two for the tables that use it.
 */
interface InsertShape {
  head: SQL;
  columns: [string, ReturnType<typeof getTableColumns>[string]][];
}

const shapes = new WeakMap<PgTable, InsertShape>();
const dialect = new PgDialect();
const DEFAULT = sql`default`;

function shapeOf(table: PgTable): InsertShape {
  let shape = shapes.get(table);
  if (!shape) {
    // As the builder: not generated columns (`shouldDisableInsert` is drizzle's own, untyped).
    const columns = Object.entries(getTableColumns(table)).filter(
      ([, c]) => !(c as unknown as { shouldDisableInsert(): boolean }).shouldDisableInsert(),
    );
    const names = columns.map(([, c]) => sql.identifier(c.name));
    const head = dialect.sqlToQuery(sql`insert into ${table} ${names} values `).sql;
    shape = { head: sql.raw(head), columns };
    shapes.set(table, shape);
  }
  return shape;
}

export function insertRowSql<T extends PgTable>(table: T, row: T["$inferInsert"]): SQL {
  const { head, columns } = shapeOf(table);
  const values = columns.map(([key, column]) => {
    const value = (row as Record<string, unknown>)[key];
    if (value === undefined) {
      if (column.defaultFn) return asValue(column.defaultFn(), column);
      if (!column.default && column.onUpdateFn) return asValue(column.onUpdateFn(), column);
      return DEFAULT;
    }
    return asValue(value, column);
  });
  return sql`${head}${values}`;
}

function asValue(value: unknown, column: InsertShape["columns"][number][1]): SQL | Param {
  return value instanceof SQL ? value : new Param(value, column);
}
