// The site pages of spec §2 as first written (issue 7): six info pages and three legal drafts for an Alberta
// dealer. Admins edit them in the back office; this text is only written when a page is missing.
// Figures come from settings and domain rules (terms, GST, licence), never literals. The info pages' closing calls
// to action (calculator, pre-approval, inventory) are rendered by the client under every info page.
import { BROWSER_STORAGE_MARKER } from '@domain/content';
import { LOAN_TERMS } from '@domain/finance';
import { ALL_IN_PRICE_NOTE, DEALERSHIP, GST_RATE } from '@domain/settings';

export interface PageFacts {
  /** How long pre-approval applications are kept before the scheduled purge (config PRE_APPROVAL_RETENTION_DAYS). */
  preApprovalRetentionDays: number;
}

export interface SeedPage { slug: string; title: string; excerpt: string; body: string }

const gst = `${Math.round(GST_RATE * 100)}%`;
const [edmonton] = DEALERSHIP.addresses;
const postal = `${edmonton.street}, ${edmonton.city}, ${edmonton.region} ${edmonton.postalCode}`;
const cities = DEALERSHIP.addresses.map((a) => a.city).join(' and ');
const shortestTerm = LOAN_TERMS[0];
const longestTerm = LOAN_TERMS[LOAN_TERMS.length - 1];

export function sitePages({ preApprovalRetentionDays }: PageFacts): SeedPage[] {
  return [
    // ---------------------------------------------------------------- info pages
    {
      slug: 'car-buying-tips',
      title: 'Car Buying Tips for Alberta Shoppers',
      excerpt: 'Practical advice for buying a new or used vehicle in Alberta: budgeting, financing, inspections, all-in pricing and the paperwork, in plain language.',
      body: `Buying a vehicle is one of the bigger purchases most people make. These are the tips our team gives friends and family, whether they buy from us or not.

## Start with the budget, not the vehicle

- Work out what you can comfortably pay each month for **the whole cost of owning**: payment, insurance, fuel or charging, maintenance, tires and registration.
- Decide on a down payment. Even a modest one lowers what you borrow and the interest you pay.
- Use our payment calculator to see how the rate, term and down payment change a payment, then shop **below** your limit, not at it.

## Arrange financing before you fall in love

A pre-approval tells you what lenders are likely to offer before you choose a vehicle. Compare offers on the **APR, the term and the total cost of borrowing**, not just the payment. A longer term lowers the payment but raises the total interest.

## Know Alberta's all-in pricing rule

In Alberta, a dealer's advertised price must include every fee and charge except GST (${gst}). If a mandatory fee appears on top of an advertised price, ask why. Every price on our site is shown this way: *${ALL_IN_PRICE_NOTE}*

## Check the vehicle, not just the photos

- Read the **vehicle history report** for accidents, liens and previous provinces.
- Check for open **recalls** by VIN in Transport Canada's recall database.
- For a used vehicle, ask for the **Mechanical Fitness Assessment**, which Alberta dealers must provide, and consider an independent pre-purchase inspection.
- Take a real test drive: city streets, a highway, and a parking lot for low-speed turns.

## Get insurance quotes early

Two similar vehicles can cost very different amounts to insure. Call your broker or insurer with the vehicles you are considering before you decide.

## Your trade-in

Know what you owe on it and gather its records and keys. Trading in to a dealer generally means GST is charged only on the difference between the two vehicles, a real saving compared with selling privately.

## Read before you sign

There is generally no cooling-off period once you sign a vehicle purchase contract in Alberta. Read the bill of sale and any financing agreement line by line, check every number against what you were told, and get every promise in writing.

## Check the licence

Every business selling vehicles to the public in Alberta must be licensed by the Alberta Motor Vehicle Industry Council (AMVIC). Ours is **${DEALERSHIP.amvicLicence}**.

More detail on each step is in our [blog](/blog), including guides to [inspections](/blog/used-vehicle-inspection-what-to-check), [trade-ins](/blog/how-to-get-the-most-for-your-trade-in) and [your rights](/blog/all-in-pricing-and-your-rights-when-buying-a-vehicle-in-alberta).`,
    },
    {
      slug: 'car-loans',
      title: 'Car Loans in Alberta',
      excerpt: `How our car loans work: one application shopped to several lenders, terms from ${shortestTerm} to ${longestTerm} months depending on the vehicle, and every figure shown with its APR, term and down payment.`,
      body: `We arrange financing for customers with every kind of credit history, through a range of banks and specialist lenders. Here is how it works and what to expect.

## How it works

1. **Apply once.** Our pre-approval form takes a few minutes. It asks about your employment, income, housing and the vehicle you are interested in, and for your consent before any credit check.
2. **We shop it.** Instead of you applying at several lenders, we send your one application to the lenders most likely to approve it on good terms.
3. **You choose.** We explain each offer: the annual percentage rate (APR), the term, the payment, the down payment and the total cost of borrowing. Nothing is final until you sign.

## Terms

Loan terms run from **${shortestTerm} to ${longestTerm} months**. How long a lender will go depends mainly on the vehicle's age: newer vehicles qualify for longer terms, and older ones for shorter. A longer term lowers the payment but increases the total interest you pay, so choose the shortest term your budget comfortably allows.

## Rates

Your rate depends on your credit history, income, the down payment, the term and the vehicle. We cannot quote your rate before a lender has reviewed your application, and nobody can honestly promise approval in advance. Any payment we show you comes with the APR, term and down payment it is based on.

## What helps your application

- A **down payment**, or a trade-in with equity in it
- **Steady income** you can document (pay stubs or, if self-employed, tax returns and bank statements)
- **Time at your job and address**
- A vehicle priced **within your budget**

## What you will need

- Driver's licence
- Proof of income
- Proof of address (a recent bill or bank statement)
- Proof of insurance before you take delivery
- For a trade-in: its registration, any loan payout details, and all keys

## Before you sign

Alberta's consumer protection rules require the cost of credit to be disclosed. Read the agreement, check the APR, term, payment, amount financed and total cost of borrowing, and ask about anything unclear. Optional products such as extended warranties must be optional, priced separately and explained.

Questions? Call us at [${DEALERSHIP.phone}](${DEALERSHIP.phoneHref}) or read about [financing with bad credit](/bad-credit-loans) and [first-time buyer programmes](/first-time-buyers).`,
    },
    {
      slug: 'credit-rebuilding',
      title: 'Rebuilding Your Credit with a Car Loan',
      excerpt: 'How an auto loan paid on time can help rebuild credit after missed payments, a consumer proposal or bankruptcy, and the habits that make the difference.',
      body: `A car loan can be more than transport. Paid on time, month after month, it adds positive history to your credit file, and that history is what lenders look at next time.

## How credit rebuilding works

Canada's two credit bureaus, **Equifax** and **TransUnion**, record how you handle credit. Payment history is one of the most important factors in your score. After missed payments, collections, a consumer proposal or a bankruptcy, new on-time payments gradually show lenders a different pattern. Negative items do not disappear overnight; they weigh less as newer, positive history builds up and as they age.

## Making a car loan work for your credit

- **Borrow what you can comfortably repay.** A modest, reliable vehicle with a payment well within your budget is the best rebuilding tool. A payment that stretches you is a risk to your credit, not a help.
- **Automate your payments** so none is ever late.
- **Keep other accounts current too**, including phone, utilities and any credit cards.
- **Keep credit card balances low** compared with their limits.
- **Check your credit reports** from both bureaus at least once a year. Checking your own report does not lower your score, and disputes of errors are free.

## After a consumer proposal or bankruptcy

Many lenders will consider an application during or after a consumer proposal or bankruptcy, often with a larger down payment or a higher rate. Bring your paperwork: the proposal or discharge documents and proof of income. Your trustee can tell you whether you need their permission to take on new credit.

## Refinancing later

After a sustained period of on-time payments and an improved credit score, it may be possible to refinance at a better rate. Ask your lender whether there are prepayment penalties before you plan on it.

## What we will never do

We will not promise approval before a lender has reviewed your application, and we will always show a payment with its APR, term and down payment. If a vehicle or payment is not right for your situation, we will say so.

Read our article on [financing a car with bad credit](/blog/financing-a-car-with-bad-credit-in-alberta), or see our [bad credit car loans](/bad-credit-loans) page.`,
    },
    {
      slug: 'first-time-buyers',
      title: 'Car Loans for First-Time Buyers',
      excerpt: 'No credit history yet? How first-time buyers in Alberta can get financed: what lenders look for, how a co-signer or down payment helps, and what to budget for.',
      body: `If you have never had a car loan, or any credit at all, lenders have less to go on. That is different from bad credit, and many lenders have programmes designed for first-time buyers, new graduates and newcomers to Canada.

## What lenders look for when there is little credit history

- **Stable income**: a permanent job, or a consistent history of income you can document
- **Time at your job and address**
- **A down payment**, which reduces the lender's risk
- **A sensible vehicle**: reliable, and priced within your means
- **Any credit you do have**, such as a phone plan or a credit card paid on time

## Ways to strengthen your application

1. **Save a down payment.** Even a modest amount helps.
2. **Consider a co-signer** with established credit. They take on responsibility for the loan if you do not pay, so it is a serious commitment for them.
3. **Start building credit now**: a credit card with a small limit, paid in full every month, builds history quickly.
4. **Choose a shorter term** if the payment allows. You pay less interest and build equity sooner.

## Budget for the whole cost

New drivers often find that **insurance** is a large monthly cost, sometimes as large as the payment. Get quotes on the specific vehicles you are considering before you choose. Also budget for fuel, maintenance, winter tires and registration.

## Newcomers to Canada

If you have recently arrived, your credit history from another country usually does not transfer. Lenders may ask for your immigration documents, proof of employment in Canada and a larger down payment. Ask us which lenders have programmes for newcomers.

## Your first car, step by step

Our [first-time buyer's guide](/first-time-buyers-guide) walks through every step, from budget to registration, and our blog article on [buying your first car in Alberta](/blog/buying-your-first-car-in-alberta) has more detail.`,
    },
    {
      slug: 'first-time-buyers-guide',
      title: "First-Time Buyer's Guide: Step by Step",
      excerpt: 'A step-by-step checklist for buying your first vehicle in Alberta: budget, insurance, financing, choosing, inspecting, paperwork and registration.',
      body: `Use this checklist from start to finish. Each step takes the guesswork out of the next one.

## Step 1: Set your budget

- [ ] Add up the monthly cost of owning: payment, **insurance**, fuel or charging, maintenance, tires, parking and registration.
- [ ] Decide on a down payment.
- [ ] Try a few combinations of rate, term and down payment in our payment calculator.

## Step 2: Get insurance quotes

- [ ] Choose two or three vehicles you might buy.
- [ ] Get quotes on each from a broker or insurer. The differences can be large for new drivers.

## Step 3: Get pre-approved

- [ ] Gather your driver's licence, proof of income and proof of address.
- [ ] Apply once for pre-approval so you know your price range.
- [ ] Compare offers on the **APR, term and total cost of borrowing**, not just the payment.

## Step 4: Choose the vehicle

- [ ] Favour reliability and running costs over features.
- [ ] Read the **vehicle history report**: accidents, liens, previous provinces and odometer readings.
- [ ] Check for open **recalls** by VIN in Transport Canada's recall database.
- [ ] Remember that in Alberta a dealer's advertised price includes every fee except GST (${gst}).

## Step 5: Test drive and inspect

- [ ] Drive on city streets and the highway; test the heater, defrost, lights and every switch.
- [ ] For a used vehicle, read the **Mechanical Fitness Assessment** the dealer must give you.
- [ ] Consider an independent pre-purchase inspection.

## Step 6: Read the paperwork

- [ ] The bill of sale price matches the advertised all-in price, plus GST and only the extras you chose.
- [ ] The financing agreement shows the APR, term, payment, amount financed and total cost of borrowing.
- [ ] Every promise (repairs, accessories, a second key) is in writing.
- [ ] There is generally no cooling-off period after you sign, so take your time before you do.

## Step 7: Insure and register

- [ ] Arrange insurance to start the day you take delivery.
- [ ] Register the vehicle (the dealer usually does this for you). In Alberta plates belong to you, not the vehicle.

## Step 8: Look after it

- [ ] Set up automatic loan payments; on-time payments build your credit.
- [ ] Follow the maintenance schedule in the owner's manual.
- [ ] Put on winter tires before the snow.

Questions at any step? Call us at [${DEALERSHIP.phone}](${DEALERSHIP.phoneHref}), or read more on our [first-time buyers](/first-time-buyers) page.`,
    },
    {
      slug: 'bad-credit-loans',
      title: 'Bad Credit Car Loans in Alberta',
      excerpt: 'Financing options when your credit is bruised: how lenders decide, what you can do to improve your chances, what to expect on rates and down payments, and what to avoid.',
      body: `Missed payments, collections, a consumer proposal or a bankruptcy make borrowing harder, not impossible. We work with lenders who specialise in rebuilding credit, and we will tell you honestly what is realistic.

## How lenders decide

When credit is bruised, lenders look beyond the score:

- **Income** that is steady and documented
- **Stability**: time at your job and at your address
- **Your budget**: your existing payments compared with your income
- **The down payment** or trade-in equity
- **The vehicle**: reliable, sensibly priced vehicles are easier to finance

## What to expect

- **Higher rates** than prime borrowers pay. The rate reflects the lender's risk; it is disclosed as an APR in your agreement.
- **A down payment** is often required or strongly helps.
- **A more modest vehicle** or a shorter term may be what a lender approves.

We never promise approval before a lender has reviewed your application, and any payment we show comes with its APR, term and down payment.

## Improve your chances

1. **Check your credit reports** from Equifax and TransUnion, for free, and dispute any errors.
2. **Pay down or settle open collections** where you can.
3. **Save a down payment**, even a small one.
4. **Apply once** through a dealer that works with several lenders, rather than at many places yourself.
5. **Bring your documents**: proof of income, proof of address and, if applicable, consumer proposal or discharge papers.

## What to avoid

- Anyone who **guarantees approval** before seeing your application
- Conversations about the **payment only**, without the price, APR, term and total cost
- **Add-on products** bundled into the loan without being explained and offered as optional
- A payment that leaves **no room** in your budget: a missed payment hurts your credit further

## Rebuild as you drive

A car loan paid on time every month adds positive history to your credit file. Read how on our [credit rebuilding](/credit-rebuilding) page and in our article on [financing with bad credit](/blog/financing-a-car-with-bad-credit-in-alberta).`,
    },

    // ---------------------------------------------------------------- legal pages
    {
      slug: 'terms-and-conditions',
      title: 'Terms and Conditions',
      excerpt: `The terms for using the ${DEALERSHIP.name} website: vehicle listings and prices, private-seller listings, payment estimates and calculators, the car assistant, accounts and your responsibilities.`,
      body: `*Draft for review. Last updated when published; see the date above.*

These terms apply to your use of this website, operated by ${DEALERSHIP.name} (${DEALERSHIP.amvicLicence}), ${postal}. By using the site you agree to them. If you do not agree, please do not use the site. Nothing in these terms limits rights you have under Alberta's **Consumer Protection Act** or other law that cannot be waived.

## 1. Vehicle listings

- We list our own vehicles with an all-in price: *${ALL_IN_PRICE_NOTE}* GST (${gst}) is added at purchase.
- Every dealer listing shows its stock number. We remove sold vehicles from search results as soon as they are marked sold.
- We work to keep descriptions, equipment, kilometres, photos and prices accurate, but errors can happen. Before you buy, we confirm the vehicle's details in writing, including the disclosures Alberta law requires and, for used vehicles, the Mechanical Fitness Assessment. The signed bill of sale is what governs your purchase.
- A listing is an invitation to contact us, not an offer that can be accepted online. Vehicles are sold on a first-come basis until a purchase agreement is signed.

## 2. Private-seller listings

- Some listings are placed by private individuals, and are labelled as private-seller listings. **We are not the seller** of those vehicles, do not inspect, own or guarantee them, and are not a party to any sale between you and a private seller.
- We review private listings before they appear and may refuse or remove any listing. Private sellers must own the vehicle they list, describe it truthfully, and keep their listing current.
- Messages between buyers and private sellers are forwarded through our site. Do not use them for spam, harassment or fraud. We may keep a record of messages to prevent abuse.
- Dealer-only protections, such as all-in pricing and the dealer's written disclosures, do not apply to private sales, and AMVIC does not regulate sales between individuals. Read our guide to [buying from a private seller safely](/blog/buying-a-used-car-from-a-private-seller-safely).

## 3. Payment estimates, calculators and appraisals

- Payment figures, the affordability calculator and the bi-weekly estimates on vehicle cards are **estimates for illustration only**. Each is shown with the APR, term and down payment it assumes. They are not offers of credit.
- Actual financing depends on a lender's review of your application, including a credit check made only with your consent. Rates, terms and approval are decided by the lender. We do not guarantee approval.
- Trade-in values from our appraiser are **estimates** that depend on an in-person inspection of the vehicle and its history.

## 4. The car assistant

- The chat assistant answers questions using our inventory and general information. It can be wrong or out of date.
- The assistant **cannot make a binding offer**, quote a final price, or promise financing approval. Only a signed agreement with our staff does that.
- Do not share sensitive information such as banking details or your Social Insurance Number in the chat. See our [privacy policy](/privacy-policy) for how conversations are handled.

## 5. Accounts

- You are responsible for keeping your password secret and for activity under your account. Tell us promptly if you think your account has been misused.
- Give accurate information when you register, apply for financing, book an appointment or list a vehicle.
- We may suspend accounts used to break these terms or the law.

## 6. Acceptable use

Do not attempt to disrupt the site, access areas or data you are not authorised to access, scrape it in a way that burdens it, or use it to send unsolicited messages.

## 7. Referral program

Referral rewards are described on the [referral program](/referral-program-info) page. We may change or end the program; rewards already credited will be honoured.

## 8. Content and links

The text, design and images on this site belong to us or our licensors. Articles are general information, not legal, tax, insurance or financial advice; check with the relevant authority or a professional for your situation. Links to other sites are for convenience; we are not responsible for their content.

## 9. Limitation of liability

To the extent the law allows, we are not liable for indirect or consequential losses arising from use of the site, or for losses caused by relying on an estimate, a private-seller listing or the assistant's answers. Nothing here limits liability that cannot be limited under Alberta law.

## 10. Changes and governing law

We may update these terms; the version on this page applies from its publication date. These terms are governed by the laws of Alberta and the federal laws of Canada that apply there.

## Contact

${DEALERSHIP.name}, ${postal}. Phone [${DEALERSHIP.phone}](${DEALERSHIP.phoneHref}), email [${DEALERSHIP.email}](mailto:${DEALERSHIP.email}).`,
    },
    {
      slug: 'privacy-policy',
      title: 'Privacy Policy',
      excerpt: `How ${DEALERSHIP.name} collects, uses, keeps and protects your personal information, including credit applications and chat conversations, and your rights under Alberta's Personal Information Protection Act.`,
      body: `*Draft for review. Last updated when published; see the date above.*

${DEALERSHIP.name} (${DEALERSHIP.amvicLicence}) is responsible for the personal information we collect through this website and at our stores in ${cities}. We handle it in line with Alberta's **Personal Information Protection Act (PIPA)** and, for marketing messages, Canada's Anti-Spam Legislation (CASL).

## Who to contact

Our **Privacy Officer** is responsible for our compliance with this policy:

Privacy Officer, ${DEALERSHIP.name}
${postal}
Email: [${DEALERSHIP.email}](mailto:${DEALERSHIP.email}) (subject line "Privacy")
Phone: [${DEALERSHIP.phone}](${DEALERSHIP.phoneHref})

## What we collect

We collect only what we need for the purposes below.

- **Account**: username, email address, first and last name, your password (stored only as a one-way hash), an optional profile photo, and your email preferences.
- **Saved vehicles and searches**: the vehicles and searches you save, kept on our servers if you have an account.
- **Credit (pre-approval) applications**: your name, email, phone, date of birth, home address and time at that address, housing status and monthly housing payment, employment status, employer, job title, time at your job and monthly income, the vehicle you are interested in, your down payment and any trade-in (year, make, model, kilometres and amount owing), and your consent to a credit check with the time you gave it. These details are **encrypted** when stored.
- **Enquiries and appointments**: what you send through our contact, test-drive booking, trade appraisal and sell-my-vehicle forms, such as your name, phone, email, message and vehicle details.
- **Car assistant chat**: the messages you exchange with the assistant, and the name and phone number you give it if you ask us to follow up. Conversations are stored with a random session identifier and, if you share contact details, linked to your enquiry so our staff can respond.
- **Private-seller listings**: the vehicle details and photos you submit, and messages buyers send you through the site. Buyers give their name, email and message; we forward it by email.
- **Referrals**: your referral code and which accounts signed up with it.
- **Technical information**: your IP address and browser type with sign-in sessions and security records (for example, to limit repeated sign-in attempts), and privacy-safe usage statistics: page views, form-progress events and page-speed figures (how quickly a page showed and answered a tap) that do not include your name or contact details.

## Why we use it

- To provide your account, saved vehicles and private listings
- To answer your enquiries, book appointments and follow up on chat conversations you ask us to follow up on
- To assess and process **credit applications**: with your consent we send your application to lenders, who may obtain your credit report from a credit bureau
- To complete purchases, registrations and the disclosures Alberta law requires
- To keep the site and your account secure and to prevent fraud and abuse
- To send marketing emails, **only if you opted in** (the box is never pre-checked); every such email lets you unsubscribe
- To understand, in aggregate, how the site is used so we can improve it

## Who we share it with

- **Lenders and credit bureaus**, for credit applications, only with your consent
- **Service providers** who host the site, deliver email or support our systems, under contracts that require them to protect your information and use it only for our purposes
- **Private sellers or buyers**, only the details needed to pass on a message (a seller sees a buyer's name and message; buyers do not see a seller's contact details)
- **Authorities**, where the law requires it (for example, vehicle registration or a lawful request)

We do not sell your personal information.

## How long we keep it

- **Credit applications** are deleted automatically **${preApprovalRetentionDays} days** after they are submitted, unless they are part of a completed purchase whose records we must keep.
- **Sign-in sessions** expire after 7 days without use and 30 days at most.
- **Accounts** are kept until you ask us to close them.
- **Enquiries, chat conversations and private-listing records** are kept while we are dealing with you and afterwards only as long as we reasonably need them for the purposes above or as the law requires; we review and delete records we no longer need.
- **Sales records** are kept for the periods required by tax and consumer protection law.

## How we protect it

Access to personal information is limited to staff who need it. Credit application details are encrypted at rest. Connections to the site are encrypted. Changes made in our back office are recorded in an audit log. If a breach creates a real risk of significant harm to you, we will notify you and the Information and Privacy Commissioner of Alberta as PIPA requires.

## Your rights under PIPA

- **Access**: ask for the personal information we hold about you and how it has been used and disclosed. We respond within the time PIPA allows, generally 45 days.
- **Correction**: ask us to correct information that is wrong.
- **Withdraw consent**: for example, to marketing emails at any time, or to further processing of an application. We will tell you the consequences, if any.
- **Complain**: if you are not satisfied with our answer, you may contact the **Office of the Information and Privacy Commissioner of Alberta**.

To make a request, contact our Privacy Officer above. We may need to confirm your identity first.

## Browser storage

The site keeps a small number of items in your browser, such as your saved vehicles and your sign-in session. Our [cookies policy](/cookies-policy) lists every one of them.

## Changes

We will post any change to this policy on this page with a new date.`,
    },
    {
      slug: 'cookies-policy',
      title: 'Cookies Policy',
      excerpt: `Every cookie and browser storage item the ${DEALERSHIP.name} website uses, why, and for how long. No advertising or third-party tracking cookies.`,
      body: `*Draft for review. Last updated when published; see the date above.*

This page lists **everything** this website stores in your browser. Most of it is in your browser's local or session storage rather than in cookies, and none of it is used for advertising.

## What we do not use

- **No advertising cookies** and no cross-site tracking.
- **No third-party analytics cookies.** The usage statistics we collect (page views and form progress) are recorded on our own server without cookies and without your name or contact details. If your browser sends the **Global Privacy Control** signal, none are recorded at all.

## The items we use

Only two cookies are sent to our server with your requests: the sign-in cookie and the one holding your light or dark theme choice. Everything else stays in your browser, where the site's own pages read it. Items marked session storage are removed when you close the tab.

${BROWSER_STORAGE_MARKER}

## Your choices

- **Clear them at any time** in your browser's settings (site data or cookies and site data). You will be signed out, and your saved vehicles, comparison list and settings on that device will be lost unless you have an account that keeps your saved vehicles.
- **Block them** in your browser. The site still works for browsing, but signing in needs the session cookie, and saved vehicles, comparisons and the assistant's memory need local storage.
- None of these items is needed for anything other than the feature it serves, so we do not show a consent banner for them; if we ever add optional cookies, we will ask first.

## Questions

Contact our Privacy Officer at [${DEALERSHIP.email}](mailto:${DEALERSHIP.email}) or read our [privacy policy](/privacy-policy).`,
    },
  ];
}
