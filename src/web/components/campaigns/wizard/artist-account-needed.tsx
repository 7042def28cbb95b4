import { Link } from "react-router";
import { signOutFromApp } from "../../../lib/session";
import { buttonStyles } from "../../ui/button";
import { Card, CardBody } from "../../ui/card";

/** A promoter is told before filling anything in: campaigns come from artist accounts (the server refuses others). */
export function ArtistAccountNeeded() {
  return (
    <section className="container-page max-w-3xl py-10 sm:py-14">
      <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">Launch a music campaign</h1>
      <Card className="mt-6">
        <CardBody className="flex flex-col items-start gap-4">
          <h2 className="text-xl font-bold text-slate-900">Campaigns are created from an artist account</h2>
          <p className="text-slate-600">
            You're signed in as a promoter. To fund a prize for your own music, sign out and create an artist account
            (with another email address). As a promoter you can join live campaigns and compete for their prizes.
          </p>
          <div className="flex flex-wrap gap-2">
            <Link to="/join-campaign" className={buttonStyles("accent")}>
              Browse Campaigns
            </Link>
            <Link to="/auth/signout" state={signOutFromApp} className={buttonStyles("secondary")}>
              Sign Out
            </Link>
          </div>
        </CardBody>
      </Card>
    </section>
  );
}
