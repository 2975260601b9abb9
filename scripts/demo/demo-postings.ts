import type { DemoPosting } from './demo-data.ts';

/**
 * The opportunities on the board: part-time jobs at local employers, short gigs from neighbours,
 * enrichment (workshops, clubs, executive positions) and volunteering that counts toward the 40
 * community involvement hours an Ontario diploma needs. Dates are days from the day of seeding;
 * a posting without a contact address gets its poster's.
 */
export const DEMO_POSTINGS: readonly DemoPosting[] = [
  // Greenleaf Markets (Jordan Reyes): store jobs across Peel, Halton and Toronto.
  {
    key: 'greenleaf-cashier', by: 'jordan', postingType: 'Job', employmentType: 'PART_TIME', title: 'Cashier (part-time, evenings and weekends)', company: 'Greenleaf Markets',
    description: 'Greet customers, run the till and help keep the front end tidy. We train you on everything, including our self-checkout. Shifts fit around school: two weeknight evenings (4-9 pm) and one weekend day. Must be 15 or older.',
    cluster: 'Service (Retail, Food, etc)', location: 'Toronto', streetAddress: '845 Queen St W', postalCode: 'M6J 1G3', contactEmail: 'jobs@greenleafmarkets.example',
    companyWebsite: 'https://greenleafmarkets.example/careers', hourlyRate: '17.60/hour', dates: { start: 21, end: 200, deadline: 10 }, image: 'leaf', views: 10,
    rules: { workplace: 'store', tasks: ['cash'], scheduleDays: ['tue', 'thu', 'sat'], scheduleStart: '16:00', scheduleEnd: '21:00', hoursPerWeek: 14, payRate: 17.6, payUnit: 'hour', forProfit: true, declaredMinimumAge: 15 },
  },
  {
    key: 'greenleaf-grocery-clerk', by: 'jordan', postingType: 'Job', employmentType: 'PART_TIME', title: 'Grocery Clerk (weekends)', company: 'Greenleaf Markets',
    description: 'Stock shelves, face products and help customers find what they need. Early weekend shifts (6 am - 12 pm). Safety shoes provided after your first month.',
    cluster: 'Service (Retail, Food, etc)', location: 'Brampton', streetAddress: '50 Main St N', postalCode: 'L6V 1N6', contactEmail: 'jobs@greenleafmarkets.example',
    companyWebsite: 'https://greenleafmarkets.example/careers', hourlyRate: '17.60/hour', dates: { start: 14, deadline: 7 }, views: 4,
    rules: { payRate: 17.6, payUnit: 'hour' },
  },
  {
    key: 'greenleaf-bakery', by: 'jordan', postingType: 'Job', employmentType: 'PART_TIME', title: 'Bakery Counter Associate', company: 'Greenleaf Markets',
    description: 'Package fresh bread, decorate cupcakes and serve customers at the bakery counter. Food Handler certification is a plus; we pay for the course if you do not have it yet.',
    cluster: 'Service (Retail, Food, etc)', location: 'Guelph', streetAddress: '300 Eramosa Rd', postalCode: 'N1E 2M8', contactEmail: 'jobs@greenleafmarkets.example',
    companyWebsite: 'https://greenleafmarkets.example/careers', hourlyRate: '$17.75/hour', dates: { start: 30, end: 150, deadline: 14 }, views: 3,
    rules: { payRate: 17.75, payUnit: 'hour' },
  },
  {
    key: 'greenleaf-produce', by: 'jordan', postingType: 'Job', employmentType: 'PART_TIME', title: 'Produce Associate', company: 'Greenleaf Markets',
    description: 'Keep the produce section fresh and full: unpack deliveries, rotate stock and build displays. Good for students who like to stay active. 12-20 hours a week.',
    cluster: 'Sales', location: 'Georgetown', streetAddress: '232 Guelph St', postalCode: 'L7G 4B1', contactEmail: 'jobs@greenleafmarkets.example',
    companyWebsite: 'https://greenleafmarkets.example/careers', hourlyRate: '17.60/hour', dates: { start: 10, end: 120 }, views: 2,
    rules: { payRate: 17.6, payUnit: 'hour' },
  },
  {
    key: 'greenleaf-marketing', by: 'jordan', postingType: 'Job', employmentType: 'INTERN', title: 'Marketing and Social Media Intern', company: 'Greenleaf Markets',
    description: 'Help our marketing team plan posts, photograph new products and write short captions for Instagram and TikTok. You will present one campaign idea to the team at the end of the term. Bring a few examples of photos or designs you made.',
    cluster: 'Marketing', location: 'Mississauga', streetAddress: '100 City Centre Dr (head office)', postalCode: 'L5B 2C9', contactEmail: 'marketing@greenleafmarkets.example',
    companyWebsite: 'https://greenleafmarkets.example/careers/marketing-intern', hourlyRate: '$19.00/hour', dates: { start: 45, end: 135, deadline: 20 }, image: 'sunset', views: 8,
    rules: { payRate: 19, payUnit: 'hour' },
  },
  {
    key: 'greenleaf-bookkeeping', by: 'jordan', postingType: 'Job', employmentType: 'PART_TIME', title: 'Junior Bookkeeping Assistant', company: 'Greenleaf Markets',
    description: 'Match supplier invoices to deliveries, enter them in our accounting system and file receipts. Great for students taking accounting (BAF3M) who want real experience. Two afternoons a week at the head office.',
    cluster: 'Accounting', location: 'Mississauga', contactEmail: 'finance@greenleafmarkets.example',
    companyWebsite: 'https://greenleafmarkets.example/careers', hourlyRate: '18.50/hour', dates: { start: 28, deadline: 14 }, views: 2,
    rules: { payRate: 18.5, payUnit: 'hour' },
  },
  {
    key: 'greenleaf-leadership', by: 'jordan', postingType: 'Enrichment', title: 'Youth Retail Leadership Workshop', company: 'Greenleaf Markets',
    description: 'A free Saturday workshop for grade 10-12 students: how a grocery store runs, handling difficult customers, and how to ace your first job interview. Lunch included; certificate of participation for your portfolio.',
    cluster: 'Business', location: 'Hamilton', streetAddress: '999 Upper Wentworth St', postalCode: 'L9A 4X5', contactEmail: 'community@greenleafmarkets.example',
    companyWebsite: 'https://greenleafmarkets.example/youth', dates: { start: 35, end: 35, deadline: 28 }, views: 4,
  },

  // Northwind Robotics (Priya Shah): STEM jobs and workshops in Waterloo Region.
  {
    key: 'northwind-camp', by: 'priya', postingType: 'Job', employmentType: 'TEMPORARY', title: 'STEM Camp Assistant', company: 'Northwind Robotics',
    description: 'Help run our day camp for kids aged 8-12: set up robot kits, help campers debug their code and lead games at lunch. Experience with LEGO robotics, Scratch or a school robotics team helps. Full days during camp weeks.',
    cluster: 'Engineering', location: 'Waterloo', streetAddress: '180 King St S', postalCode: 'N2J 1P8', contactEmail: 'camps@northwindrobotics.example',
    companyWebsite: 'https://northwindrobotics.example/camps/jobs', hourlyRate: '$18.00/hour', dates: { start: 40, end: 100, deadline: 21 }, image: 'ocean', views: 12,
    rules: { payRate: 18, payUnit: 'hour' },
  },
  {
    key: 'northwind-qa', by: 'priya', postingType: 'Job', employmentType: 'INTERN', title: 'Junior Software Tester (co-op friendly)', company: 'Northwind Robotics',
    description: 'Test our robot-control app on tablets and laptops, write clear bug reports and re-test fixes. We mentor you through the basics of QA. Can count as a co-op placement for grade 11 and 12 students.',
    cluster: 'Computer Science', location: 'Kitchener', streetAddress: '22 Gaukel St', postalCode: 'N2G 1Y6', contactEmail: 'careers@northwindrobotics.example',
    companyWebsite: 'https://northwindrobotics.example/careers', hourlyRate: '19.50/hour', dates: { start: 60, end: 240, deadline: 30 }, views: 6,
    rules: { payRate: 19.5, payUnit: 'hour' },
  },
  {
    key: 'northwind-production-helper', by: 'priya', postingType: 'Job', employmentType: 'PART_TIME', title: 'Production Helper (robot kits)', company: 'Northwind Robotics',
    description: 'Pack and label robot kits on our assembly floor, count parts and keep the line stocked. No power tools: the machines are run by our technicians. Saturdays 9 am - 3 pm, some weekday evenings in the summer. Open to students 15 and older.',
    cluster: 'Engineering', location: 'Mississauga', streetAddress: '2800 Skymark Ave', postalCode: 'L4W 5A6', contactEmail: 'jobs@northwindrobotics.example',
    companyWebsite: 'https://northwindrobotics.example/careers', hourlyRate: '17.60/hour', dates: { start: 18, end: 220, deadline: 10 }, views: 4,
    rules: { workplace: 'factory', tasks: [], scheduleDays: ['sat'], scheduleStart: '09:00', scheduleEnd: '15:00', hoursPerWeek: 6, payRate: 17.6, payUnit: 'hour', forProfit: true },
  },
  {
    key: 'northwind-girls-build', by: 'priya', postingType: 'Enrichment', title: 'Girls Who Build: Robotics Weekend', company: 'Northwind Robotics',
    description: 'Two days of building and programming a line-following robot with women engineers from our team. Free for students who identify as girls or non-binary; all materials provided and you keep your robot.',
    cluster: 'Engineering', location: 'Kitchener', streetAddress: '22 Gaukel St', postalCode: 'N2G 1Y6', contactEmail: 'outreach@northwindrobotics.example',
    companyWebsite: 'https://northwindrobotics.example/girls-who-build', dates: { start: 25, end: 26, deadline: 18 }, image: 'grape', views: 9,
  },
  {
    key: 'northwind-python', by: 'priya', postingType: 'Enrichment', title: 'Intro to Python: 6-week evening course', company: 'Northwind Robotics',
    description: 'Learn Python from zero on Tuesday evenings: variables, loops, functions, and a final project that controls a small robot arm. Laptops available to borrow. No experience needed.',
    cluster: 'Computer Science', location: 'Waterloo', contactEmail: 'outreach@northwindrobotics.example',
    companyWebsite: 'https://northwindrobotics.example/learn/python', dates: { start: 15, end: 57, deadline: 12 }, views: 7,
  },
  {
    key: 'northwind-demo-day', by: 'priya', postingType: 'Volunteering', title: 'Robotics Demo Day Helper', company: 'Northwind Robotics',
    description: 'Volunteer at our public demo day: guide visitors, run the robot petting zoo for little kids and help at the registration desk. 6 hours that count toward your community involvement hours.',
    cluster: 'Engineering', location: 'Guelph', streetAddress: 'Old Quebec Street Mall', contactEmail: 'outreach@northwindrobotics.example',
    companyWebsite: 'https://northwindrobotics.example/demo-day', dates: { start: 50, end: 50 }, views: 2,
  },
  {
    key: 'northwind-photo-gig', by: 'priya', postingType: 'Gig', title: 'Product Photo Shoot Helper (one day)', company: 'Northwind Robotics',
    description: 'Help our photographer set up lights, move props and reset robots between shots for our new catalogue. One Saturday, 9 am - 4 pm, paid $150 for the day plus lunch.',
    cluster: 'Arts & Design', location: 'Kitchener', contactEmail: 'outreach@northwindrobotics.example', dates: { start: 18, end: 18 }, views: 3,
    rules: { payRate: 150, payUnit: 'day' },
  },

  // Lakeshore Parks & Recreation (Marco Bianchi): pools, camps and arenas in Halton.
  {
    key: 'parks-lifeguard', by: 'marco', postingType: 'Job', employmentType: 'PART_TIME', title: 'Lifeguard and Swim Instructor', company: 'Lakeshore Parks & Recreation',
    description: 'Supervise public swims and teach Red Cross swim lessons to children. Requires National Lifeguard (NL) and Swim Instructor certifications, or completion before the start date. Flexible shifts, including early mornings.',
    cluster: 'Healthcare', location: 'Burlington', streetAddress: '2131 Prospect St', postalCode: 'L7R 1Z5', contactEmail: 'aquatics@lakeshoreparks.example',
    companyWebsite: 'https://lakeshoreparks.example/jobs/aquatics', hourlyRate: '$20.25/hour', dates: { start: 30, end: 210, deadline: 15 }, views: 11,
    rules: { payRate: 20.25, payUnit: 'hour' },
    // Closed once its applications were in: students see it no more, and Maya's application stays as history.
    closeAs: 'closed',
  },
  {
    key: 'parks-camp-counsellor', by: 'marco', postingType: 'Job', employmentType: 'TEMPORARY', title: 'Day Camp Counsellor', company: 'Lakeshore Parks & Recreation',
    description: 'Lead a group of 10 campers through sports, crafts, water play and field trips. You must be 16 or older with HIGH FIVE Principles of Healthy Child Development (we run a training weekend before camp).',
    cluster: 'Education', location: 'Oakville', streetAddress: '1395 Lakeshore Rd W', postalCode: 'L6L 1H3', contactEmail: 'camps@lakeshoreparks.example',
    companyWebsite: 'https://lakeshoreparks.example/jobs/camps', hourlyRate: '17.60/hour', dates: { start: 55, end: 110, deadline: 25 }, image: 'sunset', views: 12,
    rules: { payRate: 17.6, payUnit: 'hour' },
  },
  {
    key: 'parks-snack-bar', by: 'marco', postingType: 'Job', employmentType: 'PART_TIME', title: 'Arena Snack Bar Attendant', company: 'Lakeshore Parks & Recreation',
    description: 'Serve hot chocolate, popcorn and pizza during hockey games and public skates. Evening and weekend shifts; perfect first job.',
    cluster: 'Service (Retail, Food, etc)', location: 'Aldershot', streetAddress: '494 Townsend Ave (Aldershot Arena)', postalCode: 'L7T 1H8', contactEmail: 'arenas@lakeshoreparks.example',
    companyWebsite: 'https://lakeshoreparks.example/jobs/arenas', hourlyRate: '16.60/hour (student rate)', dates: { start: 7, end: 160 }, views: 5,
    rules: { payRate: 16.6, payUnit: 'hour' },
  },
  {
    key: 'parks-referee', by: 'marco', postingType: 'Gig', title: 'Junior Soccer Referee', company: 'Lakeshore Parks & Recreation',
    description: 'Referee under-8 and under-10 house league games on Saturday mornings. Paid per game ($30 for a one-hour game). Free referee clinic for new refs.',
    cluster: 'Other', location: 'Milton', streetAddress: 'Sherwood Community Centre fields', contactEmail: 'sports@lakeshoreparks.example', dates: { start: 20, end: 90, deadline: 12 }, views: 6,
    rules: { payRate: 30, payUnit: 'hour' },
  },
  {
    key: 'parks-cleanup', by: 'marco', postingType: 'Volunteering', title: 'Shoreline Park Clean-Up Day', company: 'Lakeshore Parks & Recreation',
    description: 'Join neighbours picking up litter along the waterfront trail. Gloves, grabbers and snacks provided. Three hours of community involvement, signed on the spot.',
    cluster: 'Volunteering', location: 'Aldershot', streetAddress: 'LaSalle Park, 50 North Shore Blvd E', postalCode: 'L7T 1V7', contactEmail: 'volunteer@lakeshoreparks.example',
    companyWebsite: 'https://lakeshoreparks.example/volunteer', dates: { start: 12, end: 12 }, views: 4,
  },
  {
    key: 'parks-tech-cafe', by: 'marco', postingType: 'Volunteering', title: "Seniors' Tech Cafe Helper", company: 'Lakeshore Parks & Recreation',
    description: 'Help seniors at the community centre with their phones, tablets and video calls with family. Patience matters more than expertise. Thursdays 3:30-5 pm.',
    cluster: 'Computer Science', location: 'Burlington', streetAddress: 'Tansley Woods Community Centre', contactEmail: 'volunteer@lakeshoreparks.example',
    companyWebsite: 'https://lakeshoreparks.example/volunteer', dates: { start: 8, end: 120 }, views: 4,
  },
  {
    key: 'parks-inclusive-swim', by: 'marco', postingType: 'Volunteering', title: 'Inclusive Swim Buddy', company: 'Lakeshore Parks & Recreation',
    description: 'Be a one-on-one buddy in the water for a child with a disability during our inclusive swim program. Training provided by our inclusion coordinator. Must be a strong swimmer.',
    cluster: 'Healthcare', location: 'Oakville', streetAddress: 'Glen Abbey Community Centre', contactEmail: 'inclusion@lakeshoreparks.example',
    companyWebsite: 'https://lakeshoreparks.example/volunteer/inclusion', dates: { start: 16, end: 100, deadline: 9 }, views: 2,
  },

  // Harvest Table Food Bank (Grace Okafor): volunteering, and one paid job.
  {
    key: 'foodbank-sorting', by: 'grace', postingType: 'Volunteering', title: 'Food Sorting Shifts', company: 'Harvest Table Food Bank',
    description: 'Sort donated food, check expiry dates and pack boxes for families. Shifts are 3 hours, after school or Saturday mornings. Bring a friend: groups of up to 6 students are welcome.',
    cluster: 'Volunteering', location: 'Hamilton', streetAddress: '1 Barton St E', postalCode: 'L8L 2V9', contactEmail: 'volunteer@harvesttable.example',
    companyWebsite: 'https://harvesttable.example/volunteer', dates: { start: 3, end: 180 }, image: 'leaf', views: 8,
    rules: { workplace: 'community', paid: false, forProfit: false, scheduleDays: ['wed', 'sat'], hoursPerWeek: 3 },
  },
  {
    key: 'foodbank-community-kitchen', by: 'grace', postingType: 'Volunteering', title: 'Community Kitchen Prep Volunteer', company: 'Harvest Table Food Bank',
    description: 'Wash, peel and chop vegetables with our chef for the Friday community dinner, then help plate and clean up. Aprons and a food safety briefing on your first shift. Fridays 3:30-6:30 pm.',
    cluster: 'Volunteering', location: 'Hamilton', streetAddress: '1 Barton St E', postalCode: 'L8L 2V9', contactEmail: 'volunteer@harvesttable.example',
    companyWebsite: 'https://harvesttable.example/volunteer', dates: { start: 6, end: 160 }, views: 3,
    rules: { workplace: 'restaurant-kitchen', tasks: ['cooking'], paid: false, forProfit: false, scheduleDays: ['fri'], scheduleStart: '15:30', scheduleEnd: '18:30', hoursPerWeek: 3 },
  },
  {
    key: 'foodbank-hampers', by: 'grace', postingType: 'Volunteering', title: 'Hamper Packing Weekend', company: 'Harvest Table Food Bank',
    description: 'Our biggest event of the season: pack 800 grocery hampers in two days. Music, pizza and a lot of boxes. Sign up for one or more 4-hour shifts.',
    cluster: 'Volunteering', location: 'Milton', streetAddress: 'Milton Fairgrounds', contactEmail: 'volunteer@harvesttable.example',
    companyWebsite: 'https://harvesttable.example/hampers', dates: { start: 33, end: 34, deadline: 26 }, views: 6,
  },
  {
    key: 'foodbank-garden', by: 'grace', postingType: 'Volunteering', title: 'Community Garden Helper', company: 'Harvest Table Food Bank',
    description: 'Plant, weed and harvest vegetables that go straight to our food bank shelves. Learn about soil, composting and growing food. Tuesday and Thursday evenings.',
    cluster: 'Biology', location: 'Acton', streetAddress: 'Prospect Park', contactEmail: 'garden@harvesttable.example',
    companyWebsite: 'https://harvesttable.example/garden', dates: { start: 10, end: 140 }, views: 3,
  },
  {
    key: 'foodbank-youth-council', by: 'grace', postingType: 'Enrichment', title: 'Youth Advisory Council (executive position)', company: 'Harvest Table Food Bank',
    description: 'Six students join our youth council for a year: plan a food drive at your school, manage a small budget and present results to our board. Meets monthly online. Looks great on university applications.',
    cluster: 'Business', location: 'Hamilton', contactEmail: 'youth@harvesttable.example',
    companyWebsite: 'https://harvesttable.example/youth-council', dates: { start: 40, end: 400, deadline: 24 }, views: 4,
  },
  {
    key: 'foodbank-warehouse', by: 'grace', postingType: 'Job', employmentType: 'PART_TIME', title: 'Part-time Warehouse Assistant', company: 'Harvest Table Food Bank',
    description: 'Receive deliveries, keep the warehouse organised and help volunteers on the sorting line. Saturdays 8 am - 4 pm. Must be comfortable lifting 20 kg.',
    cluster: 'Other', location: 'Hamilton', streetAddress: '1 Barton St E', postalCode: 'L8L 2V9', contactEmail: 'jobs@harvesttable.example',
    companyWebsite: 'https://harvesttable.example/jobs', hourlyRate: '17.60/hour', dates: { start: 14, end: 200, deadline: 7 }, views: 3,
    rules: { workplace: 'warehouse', scheduleDays: ['sat'], scheduleStart: '08:00', scheduleEnd: '16:00', hoursPerWeek: 8, payRate: 17.6, payUnit: 'hour', forProfit: false },
  },

  // Neighbours (Sarah Thompson): short gigs, paid in person, no websites.
  {
    key: 'gig-babysitter', by: 'sarah', postingType: 'Gig', title: 'Babysitter for two kids (Friday evenings)', company: 'Thompson family',
    description: 'Looking for a responsible babysitter for our two kids (5 and 8) on Friday evenings, 6-10 pm. Dinner is ready; you do bath and bedtime. $18/hour. Babysitting course certificate preferred.',
    location: 'Oakville', streetAddress: 'Glen Abbey', dates: { start: 5, end: 120 }, views: 5,
    rules: { payRate: 18, payUnit: 'hour' },
  },
  {
    key: 'gig-lawn', by: 'sarah', postingType: 'Gig', title: 'Lawn mowing and yard work', company: 'Thompson family',
    description: 'Mow the front and back lawn every week and help with some weeding. We have a mower and tools. About 2 hours a week, $40 each time.',
    cluster: 'Other', location: 'Milton', streetAddress: 'Beaty', dates: { start: 7, end: 90 }, views: 2,
    rules: { payRate: 40, payUnit: 'week' },
  },
  {
    key: 'gig-snow', by: 'sarah', postingType: 'Gig', title: 'Driveway snow clearing (on call)', company: 'Thompson family',
    description: 'Shovel our driveway and walkway after snowfalls before 8 am. We pay $35 per visit and text you the night before a storm.',
    location: 'Georgetown', dates: { start: 2, end: 150 }, views: 2,
    rules: { payRate: 35, payUnit: 'day' },
  },
  {
    key: 'gig-dog-walker', by: 'sarah', postingType: 'Gig', title: 'Dog walker (weekday afternoons)', company: 'Thompson family',
    description: 'Walk Biscuit, our friendly golden retriever, for 45 minutes on weekday afternoons while we are at work. $15 per walk. Must be comfortable with big dogs.',
    cluster: 'Biology', location: 'Acton', dates: { start: 4 }, views: 7,
    rules: { payRate: 15, payUnit: 'day' },
  },
  {
    key: 'gig-tech-help', by: 'sarah', postingType: 'Gig', title: 'Set up a new laptop and printer', company: 'Thompson family',
    description: 'My parents need help moving files to a new laptop, setting up their wireless printer and learning video calls. One or two afternoons, $25/hour.',
    cluster: 'Computer Science', location: 'Burlington', dates: { start: 3, end: 20 }, views: 2,
    rules: { payRate: 25, payUnit: 'hour' },
  },
  {
    key: 'gig-market', by: 'sarah', postingType: 'Gig', title: "Farmers' Market Booth Helper", company: 'Thompson Honey Farm',
    description: "Help sell honey and beeswax candles at our booth on Saturday mornings: set up the table, handle cash and card payments and talk to customers. $17/hour.",
    cluster: 'Sales', location: 'Acton', streetAddress: 'Acton Farmers Market, Mill St E', dates: { start: 6, end: 130 }, views: 4,
    rules: { payRate: 17, payUnit: 'hour' },
  },

  // A new employer (Dana Brooks), waiting for the school's approval: teachers see it in their queue, students not yet.
  {
    key: 'camp-counsellor', by: 'dana', postingType: 'Job', employmentType: 'TEMPORARY', title: 'Day Camp Counsellor (Summer)', company: 'Brightside Day Camps',
    description: 'Lead games, crafts and swimming for campers aged 6 to 10, Monday to Friday in July and August. Training and first aid certification provided. $17.20/hour.',
    cluster: 'Education', location: 'Milton', hourlyRate: '$17.20/hour', dates: { start: 30, end: 110, deadline: 20 }, views: 0,
    rules: { payRate: 17.2, payUnit: 'hour' },
  },

  // The school (Ms. Nguyen): clubs, contests, co-op placements and community opportunities.
  {
    key: 'school-peer-tutor', by: 'nguyen', postingType: 'Enrichment', title: 'Peer Math Tutor (Grade 9 Math)', company: 'Escarpment Heights SS Guidance',
    description: 'Tutor grade 9 students in MTH1W during lunch in the library, twice a week. Earns community involvement hours and a reference letter. You need 80% or more in grade 10 math.',
    cluster: 'Mathematics', location: 'Milton', streetAddress: 'Library, room 201', dates: { start: 9, end: 160, deadline: 5 }, views: 8,
  },
  {
    key: 'school-student-council', by: 'nguyen', postingType: 'Enrichment', title: 'Student Council: Grade 10 Representative', company: 'Escarpment Heights SS Student Council',
    description: 'Run for the grade 10 representative seat: plan spirit week, speak for your grade at council meetings and help run the semi-formal. Nomination forms in the guidance office.',
    cluster: 'Education', location: 'Milton', dates: { start: 12, end: 300, deadline: 8 }, views: 6,
  },
  {
    key: 'school-euclid', by: 'nguyen', postingType: 'Enrichment', title: 'Math Contest Prep Sessions (Euclid, CSMC)', company: 'Escarpment Heights SS Math Department',
    description: 'Weekly after-school sessions to prepare for the University of Waterloo math contests: past problems, strategies and pizza. All grades welcome.',
    cluster: 'Mathematics', location: 'Oakville', streetAddress: 'Room 305 (Oakville campus)',
    companyWebsite: 'https://mathcontests.example/euclid', dates: { start: 6, end: 120 }, views: 5,
  },
  {
    key: 'school-science-olympiad', by: 'nguyen', postingType: 'Enrichment', title: 'Science Olympiad Team Tryouts', company: 'Escarpment Heights SS Science Department',
    description: 'We are forming a team for the regional Science Olympiad: chemistry lab events, build events and a bridge challenge. Tryout is a one-hour written test after school.',
    cluster: 'Chemistry', location: 'Burlington', dates: { start: 11, end: 11, deadline: 10 }, image: 'slate', views: 6,
  },
  {
    key: 'school-physics-workshop', by: 'nguyen', postingType: 'Enrichment', title: 'Physics Olympiad Workshop', company: 'Hamilton Science Centre',
    description: 'A hands-on Saturday workshop on mechanics and circuits for grade 11 and 12 students, led by university physics students. The school covers the $20 fee; bus leaves at 8:15 am.',
    cluster: 'Physics', location: 'Hamilton', streetAddress: 'Hamilton Science Centre',
    companyWebsite: 'https://hamiltonsciencecentre.example/olympiad', dates: { start: 26, end: 26, deadline: 16 }, views: 3,
  },
  {
    key: 'school-mock-trial', by: 'nguyen', postingType: 'Enrichment', title: 'Toronto Youth Mock Trial Tournament', company: 'Ontario Justice Youth Program',
    description: 'Play a lawyer or witness in a real courtroom, coached by volunteer lawyers. Our team needs 8 students; two practice sessions a week before the tournament.',
    cluster: 'Law', location: 'Toronto', streetAddress: 'Old City Hall, 60 Queen St W', postalCode: 'M5H 2M3',
    companyWebsite: 'https://ontariojusticeyouth.example/mock-trial', dates: { start: 60, end: 61, deadline: 30 }, views: 4,
  },
  {
    key: 'school-reading-tutor', by: 'nguyen', postingType: 'Gig', title: 'Reading Tutor for a Grade 5 Student', company: 'A family in Mississauga',
    description: 'A family from our school community is looking for a patient tutor to read with their son twice a week after school. $20/hour, paid by the family. Contact Ms. Nguyen for an introduction.',
    cluster: 'Education', location: 'Mississauga', dates: { start: 8, end: 120 }, views: 3,
    rules: { payRate: 20, payUnit: 'hour' },
  },
  {
    key: 'school-hospital-volunteer', by: 'nguyen', postingType: 'Volunteering', title: 'Youth Hospital Volunteer Program', company: 'Riverside Health',
    description: 'Greet patients, deliver magazines and help at the information desk. Requires a 2-hour orientation and proof of vaccinations. Minimum 16 years old and a 6-month commitment.',
    cluster: 'Healthcare', location: 'Mississauga', streetAddress: 'Riverside Health, 2200 Eglinton Ave W', postalCode: 'L5M 2N1', contactEmail: 'volunteers@riversidehealth.example',
    companyWebsite: 'https://riversidehealth.example/volunteer/youth', dates: { start: 30, end: 210, deadline: 20 }, image: 'ocean', views: 7,
  },
  {
    key: 'school-credit-union', by: 'nguyen', postingType: 'Job', employmentType: 'TEMPORARY', title: 'Student Teller (summer program)', company: 'Maplewood Credit Union',
    description: 'Maplewood hires two students from our school every year to work as tellers: cash deposits, balancing your drawer and helping members. Full training; grade 11 or 12 with strong math marks.',
    cluster: 'Finance', location: 'Toronto', streetAddress: '2 Bloor St W', postalCode: 'M4W 3E2', contactEmail: 'careers@maplewoodcu.example',
    companyWebsite: 'https://maplewoodcu.example/students', hourlyRate: '$20.00/hour', dates: { start: 70, end: 130, deadline: 35 }, views: 6,
    rules: { payRate: 20, payUnit: 'hour' },
  },
  {
    key: 'school-water-lab', by: 'nguyen', postingType: 'Job', employmentType: 'TEMPORARY', title: 'Lab Assistant: Water Testing', company: 'Grand River Water Lab',
    description: 'Collect river water samples, run basic tests (pH, turbidity, dissolved oxygen) and record results. Ideal for students who loved Chemistry SCH3U. Safety training provided.',
    cluster: 'Chemistry', location: 'Guelph', streetAddress: '95 Stone Rd W', postalCode: 'N1G 2Z4', contactEmail: 'lab@grandriverwater.example',
    companyWebsite: 'https://grandriverwater.example/jobs', hourlyRate: '18.25/hour', dates: { start: 50, end: 120, deadline: 25 }, views: 4,
    rules: { payRate: 18.25, payUnit: 'hour' },
  },
  {
    key: 'school-mural', by: 'nguyen', postingType: 'Volunteering', title: 'Downtown Mural Painting Volunteers', company: 'Georgetown BIA',
    description: 'Help local artists paint a mural on Main Street. No experience needed: you will fill in colours, clean brushes and share ideas for the design. Two weekends.',
    cluster: 'Arts & Design', location: 'Georgetown', streetAddress: 'Main St S', dates: { start: 20, end: 28, deadline: 15 }, views: 5,
  },
  {
    key: 'school-library-desk', by: 'nguyen', postingType: 'Volunteering', title: 'Library Front Desk Volunteer', company: 'Milton Public Library',
    description: 'Shelve books, help children find stories and support the front desk during the after-school rush. Ms. Nguyen has reserved this spot for one of our students.',
    cluster: 'Education', location: 'Milton', streetAddress: '1010 Main St E', postalCode: 'L9T 6H7', dates: { start: 5, end: 90 }, assignTo: 'maya', views: 1,
  },
  {
    key: 'school-coop-vet', by: 'nguyen', postingType: 'Job', employmentType: 'INTERN', title: 'Co-op Placement: Veterinary Clinic Assistant', company: 'Credit River Animal Hospital',
    description: 'Grade 12 co-op placement (2 credits): assist veterinary technicians with animal handling, cleaning and reception. Mornings, Monday to Friday, for one semester. Reserved for a student with Biology SBI3U.',
    cluster: 'Biology', location: 'Georgetown', streetAddress: '18 Mountainview Rd S', postalCode: 'L7G 4K1',
    dates: { start: 60, end: 180 }, visible: false, assignTo: 'maya', image: 'berry', views: 1,
  },
  {
    key: 'school-coop-pharmacy', by: 'nguyen', postingType: 'Job', employmentType: 'INTERN', title: 'Co-op Placement: Pharmacy Assistant', company: 'Bramalea Community Pharmacy',
    description: 'Co-op placement for a student interested in health sciences: stock shelves, help at the cash and learn how prescriptions are prepared (under pharmacist supervision).',
    cluster: 'Healthcare', location: 'Brampton', streetAddress: '25 Peel Centre Dr', postalCode: 'L6T 3R5',
    dates: { start: 60, end: 180 }, visible: false, assignTo: 'liam', views: 1,
  },
  {
    key: 'school-leadership-camp', by: 'nguyen', postingType: 'Enrichment', title: 'Nomination: Regional Youth Leadership Camp', company: 'Halton Peel Leadership Camp',
    description: 'One student from each school is nominated for a 4-day leadership camp (fully funded). Nominations are decided by the guidance department; this posting is visible to staff only.',
    cluster: 'Education', location: 'Acton', streetAddress: 'Blue Springs Scout Reserve',
    companyWebsite: 'https://leadershipcamp.example', dates: { start: 90, end: 93 }, visible: false,
  },
  {
    key: 'school-kitchener-reading', by: 'nguyen', postingType: 'Volunteering', title: 'Reading Buddies at Kitchener Public Library', company: 'Kitchener Public Library',
    description: 'Read with children in grades 1-3 on Saturday mornings. The library asked us for two reliable students; spots are held for students Ms. Nguyen recommends.',
    cluster: 'Education', location: 'Kitchener', streetAddress: '85 Queen St N', postalCode: 'N2H 2H1',
    companyWebsite: 'https://kitchenerlibrary.example/volunteer', dates: { start: 14, end: 120 }, visible: false,
  },
  {
    key: 'school-brampton-accounting', by: 'nguyen', postingType: 'Job', employmentType: 'PART_TIME', title: 'Tax Clinic Assistant', company: 'Brampton Community Tax Clinic',
    description: 'Help volunteers at the free tax clinic: greet clients, organise documents and enter simple returns under supervision. Evenings; students from BAF3M or BAT4M preferred.',
    cluster: 'Accounting', location: 'Brampton', streetAddress: 'Chinguacousy Park', contactEmail: 'taxclinic@brampton-community.example',
    companyWebsite: 'https://brampton-community.example/tax-clinic', hourlyRate: '17.60/hour', dates: { start: 45, end: 100, deadline: 30 }, views: 2,
    rules: { payRate: 17.6, payUnit: 'hour' },
  },
];
