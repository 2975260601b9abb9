import type { DemoFeed } from './demo-data.ts';

/**
 * What people did with the postings and on the blog: applications in every status (so each poster's
 * applications manager and each student's list show pending, accepted and rejected), posts with
 * pictures, comments and likes, and a newsletter sign-up from the welcome page.
 */
export const DEMO_FEED: DemoFeed = {
  applications: [
    {
      applicant: 'maya', posting: 'greenleaf-cashier', status: 'pending',
      relevantExperiences: 'I handle the cash box at our school bake sales and volunteered 60 hours at the humane society front desk.',
      interestInRole: 'I like talking to people and want a job close to the Queen Street streetcar that fits around soccer practice.',
      careerGoals: 'Saving for university; I plan to study animal biology and become a veterinarian.',
    },
    {
      applicant: 'liam', posting: 'greenleaf-cashier', status: 'accepted',
      relevantExperiences: 'One year of weekend cashier shifts at a corner store, including opening and closing the till.',
      interestInRole: 'I want more hours and a team I can learn from. Evenings work well with my robotics schedule.',
      careerGoals: 'Software engineering; this job helps me pay for a laptop and university applications.',
    },
    {
      applicant: 'ethan', posting: 'greenleaf-cashier', status: 'rejected',
      relevantExperiences: 'Two winters of snow shovelling for neighbours; I was never late once.',
      interestInRole: 'It would be my first real job and I want to learn customer service.',
      careerGoals: 'Not sure yet, maybe business or the trades.',
    },
    {
      applicant: 'aisha', posting: 'greenleaf-marketing', status: 'pending',
      relevantExperiences: 'I designed the posters and Instagram posts for our school musical, which sold out both nights.',
      interestInRole: 'I want to see how a real company plans campaigns and grow my design portfolio.',
      careerGoals: 'Graphic design at OCAD University, then a career in branding.',
    },
    {
      applicant: 'maya', posting: 'northwind-camp', status: 'accepted',
      relevantExperiences: 'Junior soccer coach for under-8s for two seasons; I am used to keeping a group of kids busy and safe.',
      interestInRole: 'I loved our LEGO robotics unit in grade 9 and want to share that with younger kids.',
      careerGoals: 'Science at university; working with kids helps me practise explaining things clearly.',
    },
    {
      applicant: 'maya', posting: 'parks-lifeguard', status: 'rejected',
      relevantExperiences: 'Bronze Cross and Standard First Aid; I am working on my National Lifeguard certification.',
      interestInRole: 'Swimming has been my sport since I was six and I would love to teach lessons.',
      careerGoals: 'Veterinary medicine; lifeguarding builds responsibility and first-aid skills.',
    },
    {
      applicant: 'liam', posting: 'northwind-qa', status: 'pending',
      relevantExperiences: 'I test and debug our FIRST Robotics code every week and write the issues on GitHub.',
      interestInRole: 'Testing real robot software would be a dream co-op placement for me.',
      careerGoals: 'Computer engineering at the University of Waterloo.',
    },
    {
      applicant: 'ethan', posting: 'foodbank-warehouse', status: 'accepted',
      relevantExperiences: 'I help unload deliveries at my uncle\'s restaurant on weekends and can lift heavy boxes safely.',
      interestInRole: 'My family used the food bank once and I want to give back while earning money.',
      careerGoals: 'Logistics or business; I want to learn how a warehouse runs.',
    },
    {
      applicant: 'aisha', posting: 'school-peer-tutor', status: 'accepted',
      relevantExperiences: 'I already tutor two grade 9 students informally and got 92% in MPM2D.',
      interestInRole: 'Explaining math with drawings works really well and I enjoy it.',
      careerGoals: 'Teaching art or math one day.',
    },
    {
      applicant: 'liam', posting: 'school-credit-union', status: 'pending',
      relevantExperiences: 'Cashier experience and 95% in Advanced Functions.',
      interestInRole: 'I want to learn how banks work before I study computer engineering.',
      careerGoals: 'Fintech software; this would show me the customer side.',
    },
    {
      applicant: 'ethan', posting: 'parks-snack-bar', status: 'pending',
      relevantExperiences: 'Served snacks at our school basketball tournament for two years.',
      interestInRole: 'I go to the arena every week anyway and would like my first paid job there.',
      careerGoals: 'Business; I would like to run my own restaurant one day.',
    },
  ],

  posts: [
    {
      key: 'maya-camp', author: 'maya',
      content: 'Just finished my first week as a STEM camp assistant at Northwind Robotics! 14 eight-year-olds built line-following robots and nobody cried (except me when our robot finally worked). Found this job on the board, thanks Ms. Nguyen!',
      images: [{ headline: 'Camp week 1: robots built 14', palette: 'ocean' }],
      comments: [
        { by: 'liam', content: 'Congrats!! Did they use the IR sensors or the camera kit?' },
        { by: 'maya', content: 'IR sensors, the camera kit is for the older group next month.' },
        { by: 'nguyen', content: 'So proud of you, Maya. This will look great on your co-op application too.' },
      ],
      likedBy: ['liam', 'aisha', 'nguyen', 'park', 'ethan'],
    },
    {
      key: 'coop-reminder', author: 'nguyen',
      content: 'Reminder for grades 11 and 12: co-op applications for next semester are due Friday. Come see me in Guidance (room 114) at lunch if you want help choosing a placement. Private co-op placements are assigned through the board, so check your assigned opportunities.',
      comments: [
        { by: 'ethan', content: 'Can grade 10 students do co-op?' },
        { by: 'nguyen', content: 'Not yet, Ethan, but you can volunteer now and build hours. Check the Volunteering tab!' },
      ],
      likedBy: ['maya', 'liam'],
    },
    {
      key: 'greenleaf-hiring', author: 'nguyen',
      content: 'Greenleaf Markets is hiring students at our Toronto, Brampton, Guelph and Georgetown stores: cashiers, grocery clerks, bakery and produce. Flexible shifts around school and paid training. Apply on the Jobs page!',
      images: [
        { headline: 'Now hiring students', palette: 'leaf' },
        { headline: 'Paid training flexible shifts', palette: 'sunset' },
      ],
      comments: [
        { by: 'aisha', content: 'Is the Georgetown store hiring for weekends too?' },
        { by: 'nguyen', content: 'Yes! Produce associates work weekends there. Apply through the posting and mention Georgetown.' },
      ],
      likedBy: ['maya', 'ethan', 'liam'],
    },
    {
      key: 'robotics-regionals', author: 'liam',
      content: 'Our robotics team placed 3rd at the regional qualifier this weekend! Huge thanks to everyone who came to cheer. Next stop: provincials.',
      images: [{ headline: 'Team 9021 3rd place', palette: 'grape' }],
      comments: [{ by: 'nguyen', content: 'Amazing result! Come show the robot at the open house.' }],
      likedBy: ['maya', 'nguyen', 'park', 'aisha'],
    },
    {
      key: 'volunteer-hours', author: 'aisha',
      content: 'Tip for grade 9 and 10: you need 40 community involvement hours to graduate. I got 12 hours from one hamper packing weekend at the food bank, and it was actually fun.',
      comments: [{ by: 'park', content: 'Thank you Aisha! Harvest Table has more shifts coming up.' }],
      likedBy: ['ethan', 'nguyen', 'park'],
    },
    {
      key: 'foodbank-thanks', author: 'park',
      content: 'Thank you to the 32 students who sorted more than 4,000 pounds of food with Harvest Table this month. Every box goes to a family in Hamilton.',
      images: [{ headline: '4000 pounds sorted thank you', palette: 'leaf' }],
      likedBy: ['aisha', 'nguyen', 'maya', 'ethan'],
    },
  ],

  newsletter: ['parent.lee@mail.example'],
};
