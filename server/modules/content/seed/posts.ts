// The blog's first articles (issue 7: "about 12 seeded articles, written for this project and useful to Alberta
// shoppers"). Written for this site. Facts about law and programmes are stated only where we can stand behind
// them, and readers are pointed to the authority (AMVIC, CRA, Service Alberta, insurers) for figures that change.
// Dealership facts come from domain/settings.ts, never literals.
import { ALL_IN_PRICE_NOTE, DEALERSHIP } from '@domain/settings';

export const SEED_CATEGORIES = [
  { slug: 'financing', title: 'Financing and Credit', description: 'How car loans work in Alberta, how lenders look at your credit, and how to borrow without overpaying, whatever your credit history.' },
  { slug: 'buying-guides', title: 'Buying Guides', description: 'Step-by-step advice for choosing, inspecting and buying a new or used vehicle in Alberta, from a dealer or a private seller.' },
  { slug: 'ownership', title: 'Ownership and Winter Driving', description: 'Keeping a vehicle safe, insured and reliable through an Alberta year: winter preparation, EV charging, insurance and maintenance.' },
  { slug: 'your-rights', title: 'Your Rights and Taxes', description: "Alberta's consumer protection rules for vehicle sales, what AMVIC does, all-in pricing, and how GST applies to what you buy." },
] as const;

export interface SeedPost {
  slug: string;
  title: string;
  excerpt: string;
  category: (typeof SEED_CATEGORIES)[number]['slug'];
  tags: string[];
  author: string;
  relatedVehicles?: { bodyType?: string; fuelType?: string; maxPrice?: number };
  body: string;
}

const FINANCE = `${DEALERSHIP.name} finance team`;
const SALES = `${DEALERSHIP.name} sales team`;
const SERVICE = `${DEALERSHIP.name} service team`;
const cities = DEALERSHIP.addresses.map((a) => a.city).join(' and ');

/** Newest first. */
export function seedPosts(): SeedPost[] {
  return [
    {
      slug: 'financing-a-car-with-bad-credit-in-alberta',
      title: 'Financing a Car with Bad Credit in Alberta: What Actually Helps',
      excerpt: 'A low score does not have to mean no car. How lenders look at bruised credit, what you can do before you apply, and the traps to avoid.',
      category: 'financing',
      tags: ['bad credit', 'car loans', 'credit score'],
      author: FINANCE,
      relatedVehicles: { maxPrice: 25000 },
      body: `A missed payment, a consumer proposal or a thin credit file can make a car loan feel out of reach. It usually is not. Lenders who specialise in non-prime credit approve many Albertans every month; what changes is the interest rate, the down payment they ask for and the size of the loan they will approve. Here is how to put yourself in the strongest position.

## Know what the lender will see

In Canada your credit history is kept by two bureaus, **Equifax** and **TransUnion**. Both let you see your own report for free, and checking it yourself does not lower your score. Before you apply anywhere:

- Look for accounts you do not recognise and payments marked late that you paid on time. Disputes are free and are worth filing before a lender pulls your file.
- Note any collections, and whether they are paid. A paid collection still appears, but lenders read it very differently from an open one.
- Write down your score from each bureau. Scores in Canada run from 300 to 900; each lender draws its own lines.

## What lenders weigh besides the score

A score is a summary. Lenders who work with bruised credit look hard at the rest of the picture:

- **Stable income you can document**: pay stubs, an employment letter, or bank deposits and tax returns if you are self-employed.
- **Time at your job and address**: stability reassures a lender more than almost anything else.
- **Your other payments**: rent or mortgage and existing debts against your income.
- **The vehicle**: a sensible, reliable vehicle priced within your means is easier to finance than a stretch.

## Things that genuinely help

1. **A down payment.** Even a modest one lowers the amount financed and shows commitment. A trade-in counts too.
2. **A realistic budget.** Use our [payment calculator](/vehicles#calculator) to see what a payment looks like at a given rate, term and down payment, then shop below that number rather than at it.
3. **A shorter term if you can manage it.** Longer terms lower the payment but raise the total interest, and you can owe more than the vehicle is worth for longer.
4. **One application, not ten.** Applying at many places in a short time creates several hard inquiries. A dealer that works with several lenders can shop your one application to them.

## Traps to avoid

- **Payment-only conversations.** Always ask for the price, the annual percentage rate (APR), the term, the down payment and the total cost of borrowing. Alberta's consumer protection rules require the cost of credit to be disclosed; read it.
- **Add-ons folded into the loan.** Warranties and protection products can be worthwhile, but they should be explained, priced separately and optional.
- **Anyone who guarantees approval.** Nobody can promise approval before a lender has reviewed your application, and neither can we.

## Rebuilding as you drive

A car loan paid on time every month is one of the clearer signals a credit file can show. Set up automatic payments, keep your other accounts current, and after a year or so of on-time payments it may be worth asking whether refinancing at a better rate is possible.

When you are ready, our [pre-approval form](/pre-approval) takes a few minutes, tells you what information we need, and asks for your consent before any credit check. You can also read more on our [bad credit car loans](/bad-credit-loans) and [credit rebuilding](/credit-rebuilding) pages.`,
    },
    {
      slug: 'all-in-pricing-and-your-rights-when-buying-a-vehicle-in-alberta',
      title: 'All-In Pricing and Your Rights When Buying a Vehicle in Alberta',
      excerpt: "In Alberta an advertised vehicle price must include every fee except GST. What that means, what AMVIC does, and what to check before you sign.",
      category: 'your-rights',
      tags: ['amvic', 'all-in pricing', 'consumer protection'],
      author: SALES,
      body: `Alberta has some of the clearest rules in Canada for how vehicles are advertised and sold. Knowing them makes you a harder customer to mislead, at any dealership, including ours.

## All-in pricing

Under Alberta's **Consumer Protection Act** and its automotive business regulation, the price a dealer advertises must be the **all-in price**: it must include every fee and charge the dealer will ask you to pay, **except GST**. Documentation fees, administration fees, freight and pre-delivery inspection on a new vehicle, and any mandatory add-on belong inside the advertised number, not added at the desk.

On our site every price is shown this way, with the note: *${ALL_IN_PRICE_NOTE}*

If a dealer tries to add a mandatory fee on top of an advertised price, ask them to show you where it was included. Optional products you choose to buy, such as an extended warranty, are different: they can be added, but only if you agree to them.

## Who AMVIC is

The **Alberta Motor Vehicle Industry Council (AMVIC)** is the regulator that licenses automotive businesses and salespeople in the province and enforces the consumer protection rules that apply to them. A few things worth knowing:

- Every business that sells vehicles to the public in Alberta must hold an AMVIC licence, and so must its salespeople. Ours is shown at the bottom of every page: **${DEALERSHIP.amvicLicence}**.
- You can check whether a business is licensed on AMVIC's website.
- If you have a problem with a licensed business that you cannot resolve with them, you can file a complaint with AMVIC.

AMVIC does not regulate private sales between individuals. That is one reason a private purchase needs extra care (see our guide to [buying from a private seller safely](/blog/buying-a-used-car-from-a-private-seller-safely)).

## Disclosure

A dealer must tell you, in writing, certain material facts about a used vehicle before you buy it, for example if it was used as a daily rental, police car or taxi, if it has had significant damage, or if it was brought in from outside Alberta. Dealers selling used vehicles must also give you a **Mechanical Fitness Assessment**, a technician's report on the vehicle's condition. Ask for these documents, read them, and keep copies.

## Before you sign

- **There is generally no cooling-off period.** Once you sign a purchase contract at a dealership, you are normally bound by it. Take the paperwork home overnight if you need to.
- **Read the bill of sale line by line.** The price should match the advertised price, and every extra should be something you asked for.
- **If you are financing,** check the APR, the term, the payment, the total cost of borrowing and the amount financed.
- **Get every promise in writing,** whether it is a repair, a second key or a set of winter tires.

Our prices are all-in and our paperwork is yours to read for as long as you like. Browse [our inventory](/vehicles) or [contact us](/contact) with any question.`,
    },
    {
      slug: 'winter-ready-vehicle-checklist-for-alberta',
      title: 'Winter-Ready: A Vehicle Checklist for an Alberta Winter',
      excerpt: 'Tires, battery, block heater, fluids and an emergency kit: a practical checklist to get any vehicle through an Alberta winter.',
      category: 'ownership',
      tags: ['winter', 'maintenance', 'tires', 'safety'],
      author: SERVICE,
      relatedVehicles: { bodyType: 'SUV' },
      body: `An Alberta winter asks more of a vehicle than almost anything else it will do. Most winter breakdowns come from a short list of causes, and almost all of them can be checked in the fall.

## Tires

Winter tires are not required by law in Alberta, but they are the single biggest safety upgrade you can make. All-season tires harden as temperatures fall; winter tires use rubber compounds and treads designed to stay grippy in the cold, on snow and on ice.

- Look for the **three-peak mountain snowflake** symbol on the sidewall. That marks a tire that meets a recognised severe-snow standard.
- Put them on when the weather turns consistently cold, not after the first storm, when every shop is booked.
- Check pressures often. Tire pressure drops as temperatures fall, and an under-inflated tire grips and wears badly.
- Some insurers offer a discount for winter tires. It is worth a phone call.

## Battery

Cold slows the chemistry inside a battery just as the engine needs more power to turn over. A battery that starts the car every morning in September can fail on the first truly cold one.

- Have it load-tested in the fall; most shops can do it in a few minutes.
- Batteries that are several years old deserve particular attention.
- Clean corrosion from the terminals and make sure the clamps are tight.

## Block heater

Most vehicles sold in Alberta have a block heater. Plugging in on cold nights warms the engine and its oil so it starts more easily and wears less. Check that the cord is not cracked or chewed, and that it actually works: a working heater makes a faint ticking or warmth near the plug after a while. A timer saves electricity; a few hours before you leave is usually enough.

## Fluids and wipers

- **Washer fluid** rated for deep cold, and a spare jug in the trunk.
- **Coolant** at the right level and mix for winter temperatures; your shop can test it.
- **Wiper blades** that clear the glass in one pass. Winter blades resist icing.
- Keep the **fuel tank** at least half full. It reduces condensation in the tank and gives you a margin if you are stuck.

## Emergency kit

Keep one in every vehicle from October to April:

- Ice scraper and snow brush, a small shovel, and sand or traction mats
- Booster cables or a charged jump pack
- Warm blanket, hat, mittens and spare socks
- Flashlight with fresh batteries, and a phone charging cable
- Water and non-perishable snacks
- First-aid kit and a candle in a tin for warmth

## All-wheel drive is not a substitute

All-wheel and four-wheel drive help you get moving. They do not help you stop or steer on ice. Winter tires and lower speeds do.

Looking for something built for winter? Browse [SUVs and trucks in stock](/vehicles?bodyType=SUV), and read how [winter driving differs between Edmonton and Calgary](/blog/edmonton-vs-calgary-winter-driving).`,
    },
    {
      slug: 'ev-charging-in-alberta-a-practical-guide',
      title: 'EV Charging in Alberta: A Practical Guide for New Owners',
      excerpt: 'Level 1, Level 2 and fast charging explained, what cold does to range, how to plan highway trips, and the questions to ask before you buy an EV in Alberta.',
      category: 'ownership',
      tags: ['electric vehicles', 'ev charging', 'winter'],
      author: SERVICE,
      relatedVehicles: { fuelType: 'Electric' },
      body: `Electric vehicles are a growing share of what Albertans drive, and charging is simpler than it first looks. What takes planning is winter and long highway distances. Here is what new owners tell us they wish they had known.

## The three ways to charge

| Type | Where | What it is good for |
| --- | --- | --- |
| Level 1 | Any ordinary 120 V household outlet | Topping up overnight if you drive little each day |
| Level 2 | A 240 V charger at home, work or in public | Charging fully overnight; the everyday choice for most owners |
| DC fast charging | Public stations along highways and in cities | Road trips and quick top-ups |

Most owners do nearly all their charging at home on Level 2. Installing a home charger usually means a dedicated 240 V circuit; have a licensed electrician look at your panel and pull any permit your municipality requires.

## Cold weather and range

Batteries deliver less energy when they are cold, and heating the cabin takes energy too, so winter range is noticeably lower than summer range. How much depends on the vehicle and the temperature. A few habits make a real difference:

- **Precondition while plugged in.** Most EVs can warm the battery and cabin on a schedule before you leave, using power from the grid rather than the battery.
- **Park in a garage if you can,** and plug in overnight even if you do not need a full charge; many EVs keep the battery warm when connected.
- **Use seat and steering-wheel heaters.** They warm you for much less energy than heating the whole cabin.
- **Expect fast charging to be slower** when the battery is cold. Preconditioning on the way to a fast charger helps, if your vehicle offers it.

## Highway trips

The Edmonton to Calgary corridor and the main routes to the mountains have public fast chargers from several networks, and more are being built. Distances between towns in rural Alberta can be long, though, so:

- Plan stops with a charging app before you leave, and have a second option in case a station is busy or out of service.
- Carry a Level 1 cable for emergencies.
- In deep cold, plan for more frequent stops than the same trip would need in summer.

## Costs and registration

What charging costs at home depends on your electricity plan; public fast charging is usually priced per kilowatt-hour or per minute and varies by network. Alberta also charges an additional annual fee when you register an electric vehicle; check the current amount with a registry agent or Service Alberta. Federal and provincial incentives change, so check what, if anything, is currently offered before you buy.

## Before you buy a used EV

- Ask for the **battery's state of health** if the vehicle can report it, and check how much of the battery warranty remains.
- Confirm which **charging connector** it uses and which public networks it can use, with or without an adapter.
- Check that **recalls** have been completed; Transport Canada's recall database lets you search by vehicle.

See the [electric vehicles we have in stock](/vehicles?search=electric), or ask us anything about charging on a test drive.`,
    },
    {
      slug: 'how-to-get-the-most-for-your-trade-in',
      title: 'How to Get the Most for Your Trade-In',
      excerpt: 'What decides a trade-in offer, how to prepare your vehicle, why trading in can save you GST compared with selling privately, and how to compare offers fairly.',
      category: 'buying-guides',
      tags: ['trade-in', 'selling', 'gst'],
      author: SALES,
      body: `Your current vehicle is often the biggest part of your down payment. A little preparation, and knowing how offers are built, can make the difference between a fair number and a disappointing one.

## What decides the offer

A dealer's offer starts from what similar vehicles are actually selling for, then adjusts for:

- **Year, kilometres and trim.** The same model can be worth very different amounts depending on equipment.
- **Condition.** Tires, brakes, windshield chips, warning lights, body damage and interior wear all cost money to put right before resale.
- **History.** Accident records, out-of-province history and the number of previous owners all matter to the next buyer.
- **Demand.** Trucks and all-wheel-drive SUVs are in steady demand in Alberta; some models sell faster than others.

## Prepare your vehicle

1. **Clean it inside and out.** It costs little and shows a vehicle that has been looked after.
2. **Gather records.** Maintenance receipts, the owner's manual and every key and fob. A missing key can cost real money to replace.
3. **Fix the cheap things.** A burnt-out bulb or a missing cap is worth replacing. Large repairs rarely pay for themselves before a trade.
4. **Know what you owe.** If you have a loan, get the payout amount from your lender. The dealer pays it off and the difference is credited to you, or added to the new loan if you owe more than the vehicle is worth.

## Trading in can save you GST

In Canada, when you trade a vehicle in to a GST-registered dealer as part of a purchase, GST is generally charged only on the difference between the price of the vehicle you are buying and the value of your trade-in. At Alberta's 5% GST, that saving is worth counting when you compare a trade-in offer with what you might get selling privately. The Canada Revenue Agency has the details if your situation is unusual, for example if you are a GST registrant yourself.

## Compare offers fairly

- Compare the **trade-in value and the price of the vehicle you are buying together.** A generous trade-in on an inflated price is not a good deal.
- Get offers **in writing** and check how long they stand.
- Be honest about known problems. An undisclosed issue discovered at inspection can change the offer at the worst moment.

## Selling privately instead

You may get more selling privately, but you will handle advertising, showings, test drives with strangers, payment risk and the paperwork, and you lose the GST saving above. Our guide to [private sales](/blog/buying-a-used-car-from-a-private-seller-safely) covers the risks from the buyer's side, which is worth reading as a seller too.

Ready for a number? Our [trade appraiser](/trade-appraiser) asks a few questions about your vehicle, or [sell us your vehicle](/sell-my-vehicle) outright even if you are not buying.`,
    },
    {
      slug: 'buying-your-first-car-in-alberta',
      title: 'Buying Your First Car in Alberta: A Step-by-Step Guide',
      excerpt: 'Budget, insurance, financing, choosing a vehicle, the test drive and the paperwork: everything a first-time buyer in Alberta needs, in order.',
      category: 'buying-guides',
      tags: ['first-time buyers', 'budget', 'insurance'],
      author: SALES,
      relatedVehicles: { maxPrice: 22000 },
      body: `Buying your first vehicle is exciting, and it is also a lot of new decisions at once. Taking them in the right order keeps it simple.

## 1. Set a budget for the whole cost of owning

The payment is only part of it. Before you look at a single listing, add up:

- **The payment** (or the price, if you are paying cash)
- **Insurance**, which for a new driver can be a large monthly cost
- **Fuel or charging**, based on how far you really drive
- **Maintenance and tires**, including a set of winter tires
- **Registration** and parking

Our [payment calculator](/vehicles#calculator) shows what a loan payment looks like with a given rate, term and down payment.

## 2. Get insurance quotes early

Insurance in Alberta depends heavily on your driving record, age, where you live and the vehicle itself. Two similar-looking cars can cost very different amounts to insure. Call a broker or insurer with two or three vehicles you are considering **before** you choose. You will need proof of insurance to register the vehicle and drive it away.

## 3. Sort out financing before you shop

If you are financing, a pre-approval tells you what you can borrow and roughly at what rate, so you shop in the right price range. First-time buyers often have little or no credit history; that is different from bad credit, and many lenders have programmes for it. A co-signer or a larger down payment can help. Read more on our [first-time buyers](/first-time-buyers) page or start a [pre-approval](/pre-approval).

## 4. Choose the vehicle

For a first vehicle, reliability and running costs matter more than anything else.

- Favour models with a good reliability record and affordable parts.
- Check the **vehicle history report** for accidents, liens and previous registrations (see our guide to [history reports](/blog/vehicle-history-reports-explained)).
- Check for open **recalls** by VIN in Transport Canada's recall database.

## 5. Test drive properly

Drive on city streets and on a highway. Check visibility, seat comfort, how it brakes, and that every switch, light and the heater work. Bring someone with experience if you can.

## 6. Get an inspection

For any used vehicle, an independent pre-purchase inspection is money well spent. Our [inspection guide](/blog/used-vehicle-inspection-what-to-check) lists what a good one covers.

## 7. Read the paperwork

In Alberta, the advertised price at a dealer must be the all-in price, with only GST added. Check that the bill of sale matches, that any financing shows the APR, term and total cost of borrowing, and that every promise is written down. Keep copies of everything, including the Mechanical Fitness Assessment for a used vehicle.

## 8. Register and drive

Dealers usually handle registration for you. In Alberta licence plates belong to the owner, not the vehicle, so if you already have plates they can usually be moved to your new vehicle.

Our [first-time buyer's guide](/first-time-buyers-guide) has a printable version of these steps.`,
    },
    {
      slug: 'used-vehicle-inspection-what-to-check',
      title: 'Used Vehicle Inspection: What to Check Before You Buy',
      excerpt: 'What you can check yourself in twenty minutes, what a professional pre-purchase inspection adds, and the warning signs that should make you walk away.',
      category: 'buying-guides',
      tags: ['inspection', 'used vehicles', 'mechanical fitness assessment'],
      author: SERVICE,
      body: `A used vehicle can be an excellent buy. An inspection is how you make sure the one in front of you is. Start with your own walk-around, then let a professional look at what you cannot see.

## Your own twenty-minute check

**Outside**

- Walk around in daylight. Look along each side for ripples, mismatched paint or uneven gaps between panels: signs of past repairs.
- Check under the vehicle and around the wheel wells for rust. Alberta's road salt and gravel are hard on undersides.
- Look at the tires: even wear across the tread, matching brands, and no cracks in the sidewalls. Uneven wear can point to alignment or suspension problems.
- Check the windshield for chips and cracks.

**Inside**

- Turn the key to "on" without starting: every warning light should come on briefly, then go out once the engine runs.
- Test the heater and the defrosters, the air conditioning, windows, locks, lights, wipers and the infotainment screen.
- Smell for damp or mould, which can mean water leaks.
- Compare wear on the seat, pedals and steering wheel with the kilometres on the odometer.

**Under the hood**

- Look for leaks, cracked hoses and corrosion on the battery.
- Check the oil and coolant levels and colour.

**On the road**

- Start it cold if you can; some problems only show then.
- Listen for knocks, squeals or grinding. Feel for pulling, vibration or a soft brake pedal.
- Make sure the transmission shifts smoothly, including in reverse.

## What a professional inspection adds

A pre-purchase inspection by an independent licensed technician puts the vehicle on a hoist. They can check the frame and underbody, suspension and steering parts, brakes, exhaust, and read stored fault codes. It costs a modest fee and is the best protection you can buy against an expensive surprise. A seller who will not allow one is telling you something.

## Documents that go with the inspection

- **Mechanical Fitness Assessment.** Alberta dealers must give you one for a used vehicle. It records the vehicle's condition when it was inspected. It is not a warranty; read what it says.
- **Out-of-province inspection.** A vehicle last registered outside Alberta needs one before it can be registered here.
- **Vehicle history report.** Accidents, liens, registrations and odometer records (see our guide to [history reports](/blog/vehicle-history-reports-explained)).
- **Recalls.** Search the VIN in Transport Canada's recall database.

## Walk away if

- The VIN on the dashboard, door jamb and paperwork do not all match.
- The seller refuses an independent inspection or a test drive.
- There is structural rust, frame damage or signs of flood damage.
- The story about the vehicle keeps changing.

Every used vehicle in [our inventory](/vehicles) shows its stock number and comes with its Mechanical Fitness Assessment, and you are welcome to bring it to your own mechanic.`,
    },
    {
      slug: 'buying-a-used-car-from-a-private-seller-safely',
      title: 'Buying a Used Car from a Private Seller Safely in Alberta',
      excerpt: 'Private sales can save money but come with fewer protections. How to check liens and history, meet safely, pay safely and transfer the vehicle properly.',
      category: 'your-rights',
      tags: ['private sale', 'liens', 'scams', 'registration'],
      author: SALES,
      body: `Private sales can be good value, and our site lists vehicles from private sellers next to our own. But a private seller is not a licensed dealer: the dealer rules on all-in pricing, disclosure and the Mechanical Fitness Assessment do not apply, and AMVIC does not regulate sales between individuals. You are the one who has to check everything.

## Before you meet

- **Ask for the VIN** and run a **vehicle history report** on it. Look for accidents, write-offs, previous provinces and odometer readings that go backwards.
- **Search for liens.** In Alberta a registry agent can search the **Personal Property Registry** for registered security interests against the vehicle. If a lender has a lien and the seller does not pay it off, the lender may be able to take the vehicle, even from you.
- **Check recalls** by VIN in Transport Canada's recall database.
- **Compare the price** with similar vehicles. A price far below market is the most common sign of a scam.

## Meeting and the test drive

- Meet in daylight in a busy public place. Some police services offer safe exchange zones in their parking lots.
- Bring someone with you, and tell someone else where you are going.
- Check that the name on the **registration** matches the seller's ID.
- Insist on a test drive and an **independent inspection** (see our [inspection checklist](/blog/used-vehicle-inspection-what-to-check)). Refusal is a reason to walk away.

## Paying

- Avoid carrying large amounts of cash. A **bank draft** that you obtain together at the seller's bank, or a transfer you can verify, is safer for both sides.
- Never pay a deposit to hold a vehicle you have not seen, and never pay by gift cards or cryptocurrency.
- Be wary of sellers who are "out of the country" or need the money sent somewhere else.

## The paperwork

- Write a **bill of sale** with both names and addresses, the date, the price, the year, make, model and VIN, and both signatures. Keep a copy each.
- In Alberta **licence plates stay with the seller.** You will need your own plates, and **proof of insurance**, to register the vehicle at a registry agent.
- If the vehicle was last registered in another province, it will need an **out-of-province inspection** first.

## Taxes

A private sale between two individuals in Alberta generally has no GST, because the seller is usually not a GST registrant and Alberta has no provincial sales tax. If the seller is actually a business, ask how tax applies; our article on [GST on new and used vehicles](/blog/gst-on-new-and-used-vehicles-in-alberta) explains the basics.

## Private listings on this site

Private listings on our site are reviewed by our staff before they appear, and buyers contact sellers through the site without seeing their contact details until the seller replies. That reduces some risks; it does not replace the checks above, and we do not inspect or guarantee privately listed vehicles.

Prefer the protections of a licensed dealer? Browse [our own inventory](/vehicles).`,
    },
    {
      slug: 'car-insurance-basics-in-alberta',
      title: 'Car Insurance Basics in Alberta',
      excerpt: 'What coverage Alberta requires, what lenders usually add, what moves your premium, and how to get quotes before you choose a vehicle.',
      category: 'ownership',
      tags: ['insurance', 'first-time buyers', 'budget'],
      author: FINANCE,
      body: `In Alberta you cannot register or drive a vehicle without insurance, and for many buyers, especially new drivers, it is one of the largest costs of owning one. Understanding the pieces helps you compare quotes properly.

## What the law requires

Every vehicle in Alberta must carry basic coverage, which includes:

- **Third-party liability**, which pays others if you injure someone or damage their property. Alberta sets a legal minimum of $200,000, and many drivers choose much higher limits, commonly $1 million or more, because a serious claim can exceed the minimum quickly.
- **Accident benefits**, which cover medical and rehabilitation costs and some income replacement for you and your passengers after a collision, regardless of fault.

Insurance rules in Alberta have been changing, so ask your broker or insurer how the current rules apply to you.

## What is optional (but often required by a lender)

- **Collision** covers damage to your own vehicle when you hit something.
- **Comprehensive** covers theft, fire, vandalism, hail and hitting an animal. Hail and wildlife are real risks in Alberta.

If you finance or lease, the lender will almost always require both until the loan is paid. Your **deductible**, the amount you pay on a claim, is a trade-off: a higher deductible lowers the premium.

## What moves your premium

- **Driving record and experience**: tickets, at-fault claims and how long you have been licensed.
- **The vehicle**: its value, repair costs, safety features and how often that model is stolen.
- **Where you live and park**: postal code and overnight parking.
- **How you use it**: commuting distance and business use.

## Getting it right

1. **Get quotes before you buy.** Call with two or three specific vehicles; the difference between them can be surprising.
2. **Compare like with like**: the same liability limit, deductibles and options.
3. **Ask about discounts**: winter tires, bundling home and auto, anti-theft devices, and completing a recognised driver training course.
4. **Tell the truth** on the application. A misstatement can void a claim.
5. **Arrange coverage to start the day you take delivery.** You need proof of insurance to register the vehicle.

Add the insurance quote to your monthly budget before you choose a payment; our [payment calculator](/vehicles#calculator) helps with the loan side.`,
    },
    {
      slug: 'edmonton-vs-calgary-winter-driving',
      title: 'Edmonton vs Calgary Winter Driving: What Changes and Why',
      excerpt: "Long deep freezes in Edmonton, chinook thaws and refreezes in Calgary: how each city's winter behaves and how to adjust your driving and your vehicle.",
      category: 'ownership',
      tags: ['winter', 'driving', 'edmonton', 'calgary'],
      author: SERVICE,
      relatedVehicles: { bodyType: 'SUV' },
      body: `We sell vehicles in ${cities}, and our customers drive both winters. They are not the same, and the differences are worth knowing if you drive between them or have just moved.

## Edmonton: long, steady cold

Edmonton's winter tends to settle in and stay. Long stretches of deep cold are common, and snow that falls often stays on the ground for weeks.

- **Cold starts** are the main mechanical challenge. A healthy battery and a working block heater matter most here.
- **Packed snow and ruts** build up on residential streets between plowing. Slow down before turns and give yourself room.
- **Ice fog and short daylight** reduce visibility on cold, still mornings. Clear every window fully, not just a peephole, and use your full lights.
- **Tire pressure** drops in deep cold; check it more often than you think you need to.

## Calgary: chinooks and freeze-thaw

Calgary's winter is shaped by **chinooks**, warm dry winds off the mountains that can raise the temperature sharply in a few hours and melt snow quickly.

- **Freeze-thaw cycles** are the main hazard. Meltwater on the road refreezes overnight into **black ice**, often where you least expect it: shaded corners, bridges and overpasses.
- **Potholes** form fast when water gets into cracks and freezes. Watch for them and keep tires properly inflated.
- **Sudden changes** mean conditions at home may be very different from those on the highway or in the foothills an hour away.
- **Wind** can blow snow across roads, especially in open country.

## Between the two cities

The drive between Edmonton and Calgary crosses open prairie where blowing snow and whiteouts can develop quickly.

- Check the **511 Alberta** road reports before you leave.
- Keep your fuel tank at least half full, or your battery well charged in an EV.
- Carry a winter emergency kit (see our [winter checklist](/blog/winter-ready-vehicle-checklist-for-alberta)).
- Slow down and increase following distance when visibility drops; do not use cruise control on slippery roads.

## What works in both cities

- **Winter tires** with the three-peak mountain snowflake symbol.
- **Smooth inputs:** gentle acceleration, braking and steering.
- **More following distance** than feels necessary.
- **Clear snow off the roof and lights**, not just the windshield.

Whichever city you call home, our teams in both can help you find a vehicle suited to it. Browse [what is on our lots now](/vehicles).`,
    },
    {
      slug: 'vehicle-history-reports-explained',
      title: 'Vehicle History Reports Explained: What They Show and What They Miss',
      excerpt: 'What a CARFAX Canada or similar history report tells you about accidents, liens, registrations and odometer readings, and the gaps you still need to check.',
      category: 'buying-guides',
      tags: ['history report', 'carfax', 'liens', 'used vehicles'],
      author: SALES,
      body: `A vehicle history report pulls together records tied to a vehicle's VIN from many sources. In Canada the best-known provider is **CARFAX Canada**, which absorbed the service formerly known as CarProof. Reading one well takes a few minutes and can save you from a bad purchase.

## What a report usually shows

- **Registration history**: which provinces or states the vehicle has been registered in, and roughly when. A vehicle from outside Alberta needs an out-of-province inspection before registration here.
- **Accident and damage records**: insurance claims and police-reported incidents, sometimes with the estimated amount of a claim.
- **Branding**: whether a vehicle was ever declared salvage, non-repairable, rebuilt or flood-damaged in a jurisdiction that records it.
- **Lien information**: whether a lender has a registered interest in the vehicle. Many reports include this; you can also ask a registry agent to search Alberta's Personal Property Registry.
- **Odometer readings** recorded at registrations, inspections and services. Readings that go down are a red flag.
- **Service records** reported by participating shops.
- **Recalls** reported for that make and model; confirm the VIN in Transport Canada's recall database too.

## What a report can miss

A clean report is good news, not a guarantee.

- Damage repaired privately, without an insurance claim or police report, usually does not appear.
- Records depend on what was reported, and when. Recent events may not have reached the report yet.
- A report cannot tell you about the vehicle's condition today. Worn brakes, a failing transmission or rust are things only an inspection finds.

That is why a history report belongs alongside a [pre-purchase inspection](/blog/used-vehicle-inspection-what-to-check), not instead of one.

## How to read a claim amount

A claim amount tells you the size of the repair, not its quality. A large claim that was repaired properly can be fine; a small one may have been done poorly. Ask for repair invoices, and have the repaired area looked at by a body shop or your inspector.

## Ask for it

Dealers in Alberta must disclose certain material facts in writing, including significant damage and out-of-province history. Ask for the history report on any used vehicle you are considering, read it before the test drive, and ask about anything it shows.

Find your next vehicle in [our inventory](/vehicles); ask us for the history report on any vehicle on our lot.`,
    },
    {
      slug: 'gst-on-new-and-used-vehicles-in-alberta',
      title: 'GST on New and Used Vehicles in Alberta',
      excerpt: 'How the 5% GST applies when you buy from a dealer, how a trade-in reduces it, and why most private sales between individuals have no tax.',
      category: 'your-rights',
      tags: ['gst', 'taxes', 'trade-in', 'private sale'],
      author: FINANCE,
      body: `Alberta is the only province with no provincial sales tax, so the tax on most vehicle purchases here is the federal **GST at 5%**. How it applies depends on who is selling and whether you trade something in. This is general information; the Canada Revenue Agency (CRA) has the rules for unusual cases.

## Buying from a dealer

A dealership is a GST registrant, so GST applies when you buy a vehicle from one, **new or used**.

- In Alberta, the price a dealer advertises must be the **all-in price**, including every fee except GST. GST is the one amount added on top.
- GST is calculated on the taxable price, including fees that are part of the sale.

On our site every vehicle shows its all-in price with the note *${ALL_IN_PRICE_NOTE}*

## How a trade-in reduces GST

When you, as an individual who is not a GST registrant, trade a used vehicle in to a registered dealer as part of buying another, GST is generally charged only on the **difference** between the price of the vehicle you buy and the trade-in value. The larger your trade-in, the more GST you save: 5% of the trade-in value.

That saving is worth including when you compare a trade-in offer with selling privately. Our article on [getting the most for your trade-in](/blog/how-to-get-the-most-for-your-trade-in) explains how offers are built.

## Buying privately

When you buy a used vehicle from another individual who is not a GST registrant, there is generally **no GST**, and with no provincial sales tax in Alberta, no sales tax at all. If the seller is in fact a business, GST may apply; ask.

Private purchases come with fewer protections; read our guide to [buying from a private seller safely](/blog/buying-a-used-car-from-a-private-seller-safely) first.

## Bringing a vehicle in from elsewhere

Vehicles imported into Canada, or bought from a business in another province, can bring their own tax and inspection rules. A vehicle last registered outside Alberta needs an out-of-province inspection before it can be registered here. Check with the CRA and Service Alberta before you commit.

## Financing and GST

If you finance a purchase, the GST is normally part of the amount financed unless you pay it up front. Include it when you work out your budget with our [payment calculator](/vehicles#calculator).

Questions about a specific purchase? [Contact us](/contact) and we will walk you through the numbers on the bill of sale.`,
    },
  ];
}
