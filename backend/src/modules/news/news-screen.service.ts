import { Injectable } from '@nestjs/common';
import { NewsScreenRepository, type ScreenFiguresRow, type ScreenReviewedRow, type ScreenWarnedRow } from './news-screen.repository.js';

/**
 * The news module's door for the large screens (docs/screens.md): read-only figures of the news
 * tables. The screen module decides the departments (`depts`, null = all) and the periods.
 */
@Injectable()
export class NewsScreen {
  constructor(private readonly repo: NewsScreenRepository) {}

  figures(today: Date, week: Date, to: Date, depts: number[] | null): Promise<ScreenFiguresRow> {
    return this.repo.figures(today, week, to, depts);
  }

  latestWarned(depts: number[] | null, limit: number): Promise<ScreenWarnedRow[]> {
    return this.repo.latestWarned(depts, limit);
  }

  countries(from: Date, limit: number): Promise<Array<{ country: string; count: number }>> {
    return this.repo.countries(from, limit);
  }

  keywords(from: Date, limit: number): Promise<Array<{ keyword: string; count: number }>> {
    return this.repo.keywords(from, limit);
  }

  latestReviewed(depts: number[] | null, limit: number): Promise<ScreenReviewedRow[]> {
    return this.repo.latestReviewed(depts, limit);
  }
}
