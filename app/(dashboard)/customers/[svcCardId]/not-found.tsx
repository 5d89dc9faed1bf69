import Link from "next/link";
import { PageHeader } from "@/components/page-header";
import { Card, CardBody } from "@/components/ui/card";

/** An unknown id, or another program's customer: nothing to show, and nothing said about which. */
export default function CustomerNotFound() {
  return (
    <>
      <PageHeader title="Customer not found" />
      <Card>
        <CardBody className="text-sm">
          <p>
            There is no customer with this id in your program. Search by email, external id or svc_card_id
            instead.
          </p>
          <p>
            <Link href="/customers" className="font-medium text-accent hover:underline">
              Go to Customers
            </Link>
          </p>
        </CardBody>
      </Card>
    </>
  );
}
